// Types for bench/lib/performance-doc.mjs, for docs/performance.test.ts.
export const DOC: string
export const START: string
export const END: string
export function renderResults(root?: string): string
export function performanceDoc(text: string, root?: string): string
export function updatePerformanceDoc(root?: string): void
