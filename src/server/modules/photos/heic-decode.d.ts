/** The parts of heic-decode (libheif compiled to WebAssembly) the photos use; the package ships no types. */
declare module 'heic-decode' {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray };
  type Image = { width: number; height: number; decode(): Promise<Decoded> };
  const decode: {
    (input: { buffer: Uint8Array }): Promise<Decoded>;
    all(input: { buffer: Uint8Array }): Promise<Image[] & { dispose(): void }>;
  };
  export default decode;
}
