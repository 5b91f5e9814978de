import type { I18n, Messages } from '@lingui/core'
import {
	cloneElement,
	createContext,
	Fragment,
	useContext,
	useMemo,
	type ReactElement,
	type ReactNode,
} from 'react'

/**
 * What the macros call in components (lingui.config.ts, runtimeConfigModule): `<Trans>`,
 * `useLingui()` and the provider, in place of @lingui/react's, and the browser's catalog in place
 * of @lingui/core's instance (decision 063). Lingui's own runtime is 3.2 kB gzip on every page;
 * the app uses a small part of it (compiled messages with plurals and selects, rich text), which
 * is all this is. The server keeps @lingui/core's instances; both render through this module, so
 * what the server writes and what the browser hydrates are made the same way.
 */

type Token = string | [name: string, type?: string, format?: Record<string, unknown>]
type Values = Record<string, unknown>
type Descriptor = { id: string; message?: string; values?: Values }

const OCTOTHORPE = '%__lingui_octothorpe__%'
const ESCAPED = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/
const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat>()
function cached<T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
	let made = cache.get(key) as T | undefined
	if (!made) cache.set(key, (made = make()))
	return made
}

/** A compiled message with its values, as @lingui/core's interpolation reads it. */
export function interpolate(
	message: Token[] | string,
	locale: string,
	values: Values = {},
): string {
	const locales = [locale, 'en']
	const own = (name: string) =>
		Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined
	const format = (tokens: Token[] | string, inPlural = false): string => {
		if (!Array.isArray(tokens)) return tokens
		let text = ''
		for (const token of tokens) {
			if (token === '#' && inPlural) text += OCTOTHORPE
			else if (typeof token === 'string') text += token
			else {
				const [name, type, choices] = token
				let value: unknown = own(name)
				if (type === 'plural' || type === 'selectordinal' || type === 'select') {
					const formatted: Record<string, string> = {}
					for (const [key, choice] of Object.entries(choices ?? {}))
						if (key !== 'offset') formatted[key] = format(choice as Token[], type !== 'select')
					if (type === 'select') {
						value =
							(Object.prototype.hasOwnProperty.call(formatted, String(value))
								? formatted[String(value)]
								: undefined) ?? formatted.other
					} else {
						const offset = Number((choices as { offset?: number }).offset ?? 0)
						// As Lingui: an exact case by the value itself, then the language's form of it.
						const count = (value as number) - offset
						const kind = type === 'plural' ? 'cardinal' : 'ordinal'
						const rules = cached(
							`${kind}-${locales}`,
							() => new Intl.PluralRules(locales, { type: kind }),
						)
						const chosen =
							formatted[String(value)] ?? formatted[rules.select(count)] ?? formatted.other
						const number = cached(`number-${locales}`, () => new Intl.NumberFormat(locales))
						value = chosen?.replace(new RegExp(OCTOTHORPE, 'g'), number.format(count))
					}
				} else if (type === 'number') {
					value = new Intl.NumberFormat(locales).format(value as number)
				}
				if (value != null) text += value
			}
		}
		return text
	}
	const text = format(message)
	return ESCAPED.test(text)
		? text.replace(/\\u([a-fA-F0-9]{4})|\\x([a-fA-F0-9]{2})/g, (_, u, x) =>
				String.fromCharCode(parseInt(u ?? x, 16)),
			)
		: text
}

let compileSource: ((message: string) => Token[] | string) | null = null
/** Tests: how a message no catalog was loaded for is compiled from its English source. */
export function compileMissingWith(compile: (message: string) => unknown) {
	compileSource = compile as (message: string) => Token[] | string
}

/** The browser's catalog of one language: the pages' messages as they arrive. */
export class PageCatalog {
	readonly messages: Messages = {}
	constructor(readonly locale: string) {}
	load(_locale: string, messages: Messages) {
		Object.assign(this.messages, messages)
	}
	_ = (idOrDescriptor: string | Descriptor, values?: Values, options?: { message?: string }) => {
		let id = idOrDescriptor as string
		let message = options?.message
		if (typeof idOrDescriptor !== 'string') {
			values = idOrDescriptor.values ?? values
			message = idOrDescriptor.message
			id = idOrDescriptor.id
		}
		const found = Object.prototype.hasOwnProperty.call(this.messages, id)
			? (this.messages[id] as Token[] | string)
			: undefined
		if (found !== undefined) return interpolate(found, this.locale, values)
		// A message the page's catalog lacks: its English source, which only builds for development
		// and tests keep (production strips it): compiled where a compiler is given (tests), else
		// with its plain `{name}` values in place.
		if (message && compileSource) return interpolate(compileSource(message), this.locale, values)
		return (message ?? id).replace(/\{(\w+)\}/g, (whole, name: string) =>
			values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
		)
	}
	t = this._
}

type Context = { i18n: I18n; _: I18n['_'] }
const LinguiContext = createContext<Context | null>(null)

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
	const locale = i18n.locale
	// eslint-disable-next-line react-hooks/exhaustive-deps -- a new language is a new context
	const value = useMemo(() => ({ i18n, _: i18n._.bind(i18n) }), [i18n, locale])
	return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>
}

/** The page's instance; every page renders inside the root's provider (as Lingui's, no check). */
export function useLingui(): Context {
	return useContext(LinguiContext) as Context
}

const TAG = /<([a-zA-Z0-9_](?:[\w.-]*\w)?)>([\s\S]*?)<\/\1>|<([a-zA-Z0-9_](?:[\w.-]*\w)?)\/>/

/** `Hello <0>you</0>`, its numbered tags replaced by the components given for them. */
function formatElements(text: string, components: Record<string, ReactElement>): ReactNode {
	const parts = text.split(TAG)
	if (parts.length === 1) return text
	let key = 0
	const tree: ReactNode[] = []
	const before = parts.shift()
	if (before) tree.push(before)
	for (let index = 0; index < parts.length; index += 4) {
		const name = parts[index] ?? parts[index + 2] ?? ''
		const inner = parts[index + 1] ?? ''
		const after = parts[index + 3]
		let element: ReactElement = (Object.prototype.hasOwnProperty.call(components, name) &&
			components[name]) || <Fragment />
		if (Array.isArray(element)) element = <Fragment>{element}</Fragment>
		tree.push(
			cloneElement(
				element,
				{ key: `$lingui$_${key++}` },
				inner
					? formatElements(inner, components)
					: (element.props as { children?: ReactNode }).children,
			),
		)
		if (after) tree.push(after)
	}
	return tree.length === 1 ? tree[0] : tree
}

/** What the `<Trans>` macro compiles to: the message, values that are elements as tags. */
export function Trans({
	id,
	message,
	values,
	components,
}: {
	id: string
	message?: string
	values?: Values
	components?: Record<string, ReactElement>
}) {
	const { i18n } = useLingui()
	let plain = values
	let elements = components ?? {}
	if (values) {
		plain = { ...values }
		elements = { ...components }
		for (const [name, value] of Object.entries(values)) {
			if (typeof value === 'string' || typeof value === 'number') continue
			const index = Object.keys(elements).length
			elements[index] = <Fragment>{value as ReactNode}</Fragment>
			plain[name] = `<${index}/>`
		}
	}
	const translation = i18n._(id, plain, { message })
	return <>{translation ? formatElements(translation, elements) : null}</>
}
