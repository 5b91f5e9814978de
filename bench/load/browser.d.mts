// Types for bench/load/browser.mjs, for its tests.
import type { Stats } from './stats.mjs'

export type PageForm = {
	action: string | null
	method: string
	fields: [string, string][]
	buttons: { name: string | null; value: string | null }[]
	html: string
}
export function formsOf(html: string): PageForm[]

export type Answer = { status: number; location: string | null; ok: boolean; readonly body: string }
type Options = {
	method?: string
	headers?: Record<string, string>
	body?: unknown
	expect?: number[]
}
export class Browser {
	constructor(options: {
		appUrl: string
		stats: Pick<Stats, 'record'>
		timeoutMs?: number
		address?: string
	})
	appUrl: string
	cookies: Map<string, string>
	cookieHeader(): string
	request(name: string, path: string, options?: Options): Promise<Answer>
	document(name: string, path: string, options?: Options): Promise<Answer>
	navigate(name: string, path: string, routeId: string): Promise<Answer>
	postForm(
		name: string,
		path: string,
		fields: ConstructorParameters<typeof URLSearchParams>[0],
		options?: { expect?: number[] },
	): Promise<Answer>
	postMultipart(
		name: string,
		path: string,
		form: FormData,
		options?: { expect?: number[] },
	): Promise<Answer>
	postJson(
		name: string,
		path: string,
		value: unknown,
		options?: { expect?: number[] },
	): Promise<Answer>
}
export function closeConnections(): Promise<void>
