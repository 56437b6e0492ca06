/**
 * Libraries for occasional work, loaded on first use instead of at start: exceljs (sheets), sharp
 * (admit cards' photos) and pdf-lib (joining PDFs) hold ~40 MB resident between them (each imported
 * into a bare Node 20: 18, 14 and 10 MB) that a server answering lists and lookups need not carry
 * (architecture §8); chromium.ts loads playwright-core late for the same reason. Node keeps a module
 * after its first import, so later calls cost nothing.
 */
import type ExcelJS from 'exceljs';
import type * as PdfLib from 'pdf-lib';
import type Sharp from 'sharp';

export const loadExcel = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;

export const loadSharp = async (): Promise<typeof Sharp> => (await import('sharp')).default;

export const loadPdfLib = async (): Promise<typeof PdfLib> => await import('pdf-lib');
