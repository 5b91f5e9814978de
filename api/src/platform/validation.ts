import { dictionary } from '@zxcvbn-ts/language-common'
import { z } from '@hono/zod-openapi'
import { validationError } from './errors.ts'
import { known, phrase, type Phrase } from './i18n.ts'
import { issueText, markedIssues } from './zod-texts.ts'

export const NUL_MESSAGE = 'Must not contain a NUL character'

type Visit = { value: unknown; key?: string; parent?: Visit }

function pathOf(visit: Visit) {
	const keys: string[] = []
	for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key)
	return keys.length > 0 ? keys.reverse().join('.') : 'body'
}

/**
 * The paths of (at most 20) strings in `input` that hold a NUL character, which PostgreSQL cannot
 * store in text. Walked without recursion and without copying paths, so a deeply nested body
 * costs neither the stack nor quadratic time.
 */
function nulPaths(input: unknown): string[] {
	const found: string[] = []
	const pending: Visit[] = [{ value: input }]
	while (pending.length > 0 && found.length < 20) {
		const visit = pending.pop() as Visit
		const { value } = visit
		if (typeof value === 'string') {
			if (value.includes('\u0000')) found.push(pathOf(visit))
		} else if (value instanceof File) {
			// An uploaded file's name is stored (a submission's, a roster's): its bytes are its own.
			if (value.name.includes('\u0000')) found.push(pathOf(visit))
		} else if (Array.isArray(value)) {
			for (let index = value.length - 1; index >= 0; index--)
				pending.push({ value: value[index], key: String(index), parent: visit })
		} else if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
			for (const [key, item] of Object.entries(value).reverse())
				pending.push({ value: item, key, parent: visit })
		}
	}
	return found
}

/** Parses input or throws the README's 400 with one `{ path, msg }` per problem. */
export function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
	const withNul = nulPaths(input)
	if (withNul.length > 0) throw validationError(withNul.map((path) => ({ path, msg: NUL_MESSAGE })))
	const result = schema.safeParse(input)
	if (result.success) return result.data
	// A refused input is parsed again with zod's own texts marked, to be said in the reader's
	// language when answered (platform/zod-texts.ts, decision 072); one that passes costs as before.
	throw validationError(
		markedIssues(schema, input).map((issue) => ({
			path: issue.path.length > 0 ? issue.path.map(String).join('.') : 'body',
			msg: issueText(issue.message),
		})),
	)
}

/** A request body: a JSON object (or form) whose unknown keys are dropped. */
export const body = <S extends z.ZodRawShape>(shape: S) =>
	z.object(shape, { error: 'Expected a JSON object' })

/**
 * A field's text built from its label (and values such as a limit), said in the reader's language
 * as a whole sentence with the label translated in it (decision 067): `labelled('{label} must be a
 * number', 'Price')` is the English `Price must be a number`, as it always was. Plain `{name}`
 * placeholders only. The extractor takes the label from the first argument of any function whose
 * first parameter is named `label` (`money('Price')`).
 */
export const labelled = (
	message: string,
	label: string,
	values: Record<string, string | number> = {},
) => builtText(message, { ...values, label: phrase(label) })

/**
 * A schema's text built from values fixed at start (`Level must be one of {levels}`): its English
 * with each plain `{name}` filled in, remembered with the phrase that says it in other languages.
 */
export const builtText = (message: string, values: Record<string, string | number | Phrase>) =>
	known(
		message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name])),
		phrase(message, values),
	)

export const isRequired = (label: string) => labelled('{label} is required', label)
export const mustBeText = (label: string) => labelled('{label} must be text', label)
export const atMost = (label: string, max: number) =>
	known(
		`${label} must be at most ${max} characters`,
		phrase('{label} must be at most {max, plural, one {# character} other {# characters}}', {
			label: phrase(label),
			max,
		}),
	)

// (A schema's field named in code, `returnUrl`, is a `{name}` value, the same in every language.)
// Checked here as well as on whole bodies, for text that arrives another way (room sockets).
const textType = (label: string) => {
	const required = isRequired(label)
	const text = mustBeText(label)
	return z
		.string({ error: (issue) => (issue.input === undefined ? required : text) })
		.refine((value) => !value.includes('\u0000'), NUL_MESSAGE)
}

export const requiredText = (label: string, max: number) =>
	textType(label).trim().min(1, isRequired(label)).max(max, atMost(label, max))

/** Absent stays `undefined` (leave as is); `null` or blank becomes `null` (clear). */
export const optionalText = (label: string, max: number) =>
	textType(label)
		.trim()
		.max(max, atMost(label, max))
		.nullish()
		.transform((value) => (value === '' ? null : value))

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
// Spec section 5: a local part, an @, and a domain with a dotted suffix of at least two letters,
// or a bracketed IPv4 address. No flag: the OpenAPI document carries the pattern's source alone
// (JSON Schema has no flags), so the letters' case is in the class, not in an `i` after it.
export const EMAIL_PATTERN = new RegExp(
	`^[^\\s@]+@(?:(?:[^\\s@.\\[\\]]+\\.)+[a-zA-Z]{2,}|\\[(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET}\\])$`,
)

export const email = textType('Email')
	.trim()
	.max(254, atMost('Email', 254))
	.regex(EMAIL_PATTERN, 'Enter a valid email address')
	.toLowerCase()

export const COMMON_PASSWORD_MESSAGE =
	'This password is too common and easy to guess. Choose another one.'

// The 49,000 passwords seen most often in breaches (zxcvbn-ts's list), read on first use.
let commonPasswords: Set<string> | undefined
const isCommon = (password: string) => {
	commonPasswords ??= new Set(dictionary['passwords-common'])
	return commonPasswords.has(password.toLowerCase())
}

export const newPassword = textType('Password')
	.min(8, 'Password must be at least 8 characters')
	.max(128, atMost('Password', 128))
	// A password already too short gets that one message, not two.
	.refine((password) => password.length < 8 || !isCommon(password), COMMON_PASSWORD_MESSAGE)

/** Checked against the stored hash only; the length cap keeps hashing cheap. */
export const password = textType('Password')
	.min(1, isRequired('Password'))
	.max(128, atMost('Password', 128))

const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/

/**
 * What the contract declares of a string whose check is a refine the document cannot see
 * (decision 055): the same rule as a JSON Schema format or an ECMA-262 pattern without flags.
 */
export const declaredAs = {
	date: { format: 'date' },
	dateTime: { format: 'date-time' },
	/** A 24-hour HH:MM (contract/calendar.ts); JSON Schema's `time` wants seconds and an offset. */
	clockTime: { pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' },
	webAddress: { format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://' },
	/** isPhoneNumber as a pattern: an optional +, then 7 to 15 digits among spaces, dashes, dots and brackets. */
	phone: { pattern: '^\\+?(?:[\\s().-]*\\d){7,15}[\\s().-]*$' },
} as const

/** A declared format, or the empty string that clears an optional field. */
export const orEmpty = (declared: { format?: string; pattern?: string }) => ({
	anyOf: [declared, { maxLength: 0 }],
})

/** Digits with spaces, dashes, dots or brackets, an optional leading +, and 7 to 15 digits (E.164's most). */
export const isPhoneNumber = (value: string) => {
	const digits = value.replace(/\D/g, '').length
	return PHONE_CHARACTERS.test(value) && digits >= 7 && digits <= 15
}

export const phone = optionalText('Phone number', 30)
	.refine(
		(value) => value == null || isPhoneNumber(value),
		'Phone number must have 7 to 15 digits, with only spaces, dashes, dots, brackets and a leading +',
	)
	.openapi(orEmpty(declaredAs.phone))

/** A UUID path parameter; anything else is a 400 naming the parameter. */
export function readId(name: string, value: string | undefined): string {
	// The name is the parameter's own (`courseId`), the same in every language.
	const error = known(`${name} must be a UUID`, phrase('{name} must be a UUID', { name }))
	const schema = z.object({ [name]: z.guid({ error }) })
	return validate(schema, { [name]: value })[name] as string
}
