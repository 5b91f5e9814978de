// Types for bench/lib/performance-doc.mjs, for docs/performance.test.ts.
export const DOC: string
export const START: string
export const END: string
export function renderResults(root?: string): string
export function performanceDoc(text: string, root?: string): string
export function updatePerformanceDoc(root?: string): void
export const DEPLOY_DOC: string
export const SIZING_START: string
export const SIZING_END: string
export function deployDoc(text: string, root?: string): string
