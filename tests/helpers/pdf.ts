import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';

/** Makes the next print a no-op (headless Chromium has no dialog); the sheets stay rendered for page.pdf(). */
export const holdPrint = (page: Page) => page.evaluate(() => { window.print = () => {}; });

/** The text of each page of a PDF (what Chromium's page.pdf() printed), lines joined by spaces. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await doc.destroy();
  return pages;
}
