import { z } from '@hono/zod-openapi'
import { msg, Phrase, phrase, type Speaker } from './i18n.ts'

// The texts zod writes itself, for a check given no message of its own (decision 072): the answer
// keeps zod's English byte for byte, and says the same in another language from the `api`
// catalog, as a whole sentence a translator wrote. A refused input's parse is given its own error
// map (no global `z.config` switched per request, which concurrent requests would race on).

/** zod's own English for a raw issue, as every answer said it before. */
const zodEnglish = z.locales.en().localeError

/** What zod calls a type, as a reader says it. A type not here is named as zod names it. */
const TYPES: Record<string, string> = {
	string: msg('text'),
	number: msg('a number'),
	int: msg('a whole number'),
	bigint: msg('a whole number'),
	nan: msg('not a number'),
	boolean: msg('true or false'),
	object: msg('an object'),
	array: msg('a list'),
	date: msg('a date'),
	file: msg('a file'),
	null: msg('null'),
	undefined: msg('nothing'),
}

/** zod's name of a value's type (core/util.ts `parsedType`). */
function typeOf(value: unknown): string {
	if (typeof value === 'number') return Number.isNaN(value) ? 'nan' : 'number'
	if (value === null) return 'null'
	if (Array.isArray(value)) return 'array'
	if (value instanceof Date) return 'date'
	if (typeof File !== 'undefined' && value instanceof File) return 'file'
	return typeof value
}

const typeName = (type: string) => (TYPES[type] ? phrase(TYPES[type]) : type)

const shown = (value: unknown) =>
	typeof value === 'string'
		? `"${value}"`
		: typeof value === 'bigint'
			? `${value}n`
			: String(value as string)

type RawIssue = Parameters<typeof zodEnglish>[0] & Record<string, unknown>

/** A bound's number (a Date or bigint is said as zod says it). */
const bound = (value: unknown) => (typeof value === 'number' ? value : String(value as string))

/** A size limit said with its unit, whole sentences for a translator (at most / at least / exactly). */
function sized(issue: RawIssue, big: boolean): Phrase | undefined {
	const limit = big ? issue.maximum : issue.minimum
	if (typeof limit !== 'number') return undefined
	const values = { count: limit }
	const exact = issue.exact === true
	switch (issue.origin) {
		case 'string':
			if (exact)
				return phrase(
					'Must be exactly {count, plural, one {# character} other {# characters}}',
					values,
				)
			return big
				? phrase(
						'Too long: at most {count, plural, one {# character} other {# characters}}',
						values,
					)
				: phrase(
						'Too short: at least {count, plural, one {# character} other {# characters}}',
						values,
					)
		case 'array':
		case 'set':
		case 'map':
			if (exact)
				return phrase('Must be exactly {count, plural, one {# item} other {# items}}', values)
			return big
				? phrase('Too many: at most {count, plural, one {# item} other {# items}}', values)
				: phrase('Too few: at least {count, plural, one {# item} other {# items}}', values)
		case 'file':
			return big
				? phrase('Too large: at most {count, plural, one {# byte} other {# bytes}}', values)
				: phrase('Too small: at least {count, plural, one {# byte} other {# bytes}}', values)
		case 'number':
		case 'int':
		case 'bigint': {
			const value = { limit: bound(limit) }
			if (exact) return phrase('Must be exactly {limit}', value)
			if (big)
				return issue.inclusive
					? phrase('Too big: at most {limit}', value)
					: phrase('Too big: less than {limit}', value)
			return issue.inclusive
				? phrase('Too small: at least {limit}', value)
				: phrase('Too small: more than {limit}', value)
		}
		default:
			return undefined
	}
}

const FORMATS: Record<string, string> = {
	email: msg('Invalid email address'),
	url: msg('Invalid URL'),
	uuid: msg('Invalid UUID'),
	uuidv4: msg('Invalid UUID'),
	uuidv6: msg('Invalid UUID'),
	guid: msg('Invalid UUID'),
	datetime: msg('Invalid ISO datetime'),
	date: msg('Invalid ISO date'),
	time: msg('Invalid ISO time'),
}

/** The phrase that says a raw issue in another language. */
function said(issue: RawIssue): Phrase {
	switch (issue.code) {
		case 'invalid_type':
			return phrase('Invalid input: expected {expected}, received {received}', {
				expected: typeName(String(issue.expected)),
				received: typeName(typeOf(issue.input)),
			})
		case 'invalid_value': {
			const values = (issue.values as unknown[]) ?? []
			return values.length === 1
				? phrase('Invalid input: expected {value}', { value: shown(values[0]) })
				: phrase('Invalid option: expected one of {values}', {
						values: values.map(shown).join('|'),
					})
		}
		case 'too_big':
			return sized(issue, true) ?? phrase('Invalid input')
		case 'too_small':
			return sized(issue, false) ?? phrase('Invalid input')
		case 'invalid_format': {
			if (issue.format === 'regex')
				return phrase('Invalid string: must match pattern {pattern}', {
					pattern: String(issue.pattern),
				})
			if (issue.format === 'starts_with')
				return phrase('Invalid string: must start with "{prefix}"', {
					prefix: String(issue.prefix),
				})
			if (issue.format === 'ends_with')
				return phrase('Invalid string: must end with "{suffix}"', { suffix: String(issue.suffix) })
			if (issue.format === 'includes')
				return phrase('Invalid string: must include "{text}"', { text: String(issue.includes) })
			const format = FORMATS[String(issue.format)]
			return format ? phrase(format) : phrase('Invalid input')
		}
		case 'not_multiple_of':
			return phrase('Invalid number: must be a multiple of {divisor}', {
				divisor: bound(issue.divisor),
			})
		case 'unrecognized_keys': {
			const keys = (issue.keys as string[]) ?? []
			return phrase('{count, plural, one {Unrecognized key} other {Unrecognized keys}}: {keys}', {
				count: keys.length,
				keys: keys.map(shown).join(', '),
			})
		}
		case 'invalid_union':
			if (Array.isArray(issue.options) && issue.options.length > 0)
				return phrase('Invalid discriminator value. Expected {options}', {
					options: issue.options.map((option) => `'${String(option)}'`).join(' | '),
				})
			return issue.inclusive === false
				? phrase('Invalid input: more than one option matched')
				: phrase('Invalid input')
		default:
			return phrase('Invalid input')
	}
}

/** zod's own text for an issue: its English as zod writes it, and the phrase for other languages. */
export class ZodText extends Phrase {
	readonly english: string
	constructor(issue: RawIssue) {
		const other = said(issue)
		super(other.message, other.values)
		const english = zodEnglish(issue)
		this.english = typeof english === 'string' ? english : (english?.message ?? 'Invalid input')
	}
	override in(speaker: Speaker): string {
		return speaker.language === 'en' ? this.english : super.in(speaker)
	}
}

/**
 * The raw issues of the parse under way, by the marker its error map returned. `markedIssues`
 * parses synchronously and its caller reads the issues at once, so one list serves every request
 * in turn.
 */
const raised: RawIssue[] = []
const MARK = '\u0000zod:'

/** The per-parse options that mark zod's default texts, to be said in the reader's language. */
const marking = {
	error: (issue: RawIssue) => `${MARK}${raised.push(issue) - 1}`,
}

/**
 * The issues of an input its schema refused, parsed again with zod's own texts marked (read them
 * with `issueText` before the next parse). Only a refused input is parsed twice: the first parse
 * gets no options, so zod keeps its fastest path for the input that passes.
 */
export function markedIssues(schema: z.ZodType, input: unknown): z.core.$ZodIssue[] {
	raised.length = 0
	const marked = schema.safeParse(input, marking)
	return marked.success ? [] : marked.error.issues
}

/** An issue's message as the answer says it: a marked one becomes zod's text in the reader's language. */
export const issueText = (message: string): string | Phrase =>
	message.startsWith(MARK) ? new ZodText(raised[Number(message.slice(MARK.length))]!) : message
