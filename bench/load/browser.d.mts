// Types for bench/load/browser.mjs's form reading, for stats.test.ts.
export type PageForm = {
	action: string | null
	method: string
	fields: [string, string][]
	buttons: { name: string | null; value: string | null }[]
	html: string
}
export function formsOf(html: string): PageForm[]
