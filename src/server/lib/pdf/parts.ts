/**
 * Items (cards, rooms) in batches of `size`, each batch made into one part (a complete HTML document)
 * only when the generator asks for it: a render never holds more than the parts it is printing.
 */
export async function* inParts<T>(items: AsyncIterable<T> | Iterable<T>, size: number, toHtml: (batch: T[]) => string): AsyncGenerator<string> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length < size) continue;
    yield toHtml(batch);
    batch = [];
  }
  if (batch.length > 0) yield toHtml(batch);
}
