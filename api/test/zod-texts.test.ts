import { z } from '@hono/zod-openapi'
import { describe, expect, test } from 'vitest'
import { speaker } from '../src/platform/i18n.ts'
import { issueText, markedIssues } from '../src/platform/zod-texts.ts'
import { apiForFile, call, registerStudent } from './helpers.ts'

// Decision 072: the texts zod writes itself (a check given no message) are said in the reader's
// language from the `api` catalog, per parse (no global switch two requests could race on), and
// stay zod's English byte for byte.

const api = apiForFile()

describe('zod’s own texts over HTTP', () => {
	test('an unknown language: Spanish and Arabic, English word for word', async () => {
		const student = await registerStudent(api)
		const choose = (language?: string) =>
			call(api, 'PUT', '/account/language', {
				token: student.token,
				json: { locale: 'xx' },
				headers: language ? { 'Accept-Language': language } : {},
			})
		expect((await choose('es')).body).toEqual({
			message: 'La validación falló',
			code: 'validation_failed',
			errors: [
				{ path: 'locale', msg: 'Opción no válida: se esperaba una de estas: "en"|"es"|"fr"|"ar"' },
			],
		})
		expect((await choose('ar')).body.errors).toEqual([
			{ path: 'locale', msg: 'خيار غير صالح: المتوقع أحد الخيارات التالية: "en"|"es"|"fr"|"ar"' },
		])
		expect((await choose()).body.errors).toEqual([
			{ path: 'locale', msg: 'Invalid option: expected one of "en"|"es"|"fr"|"ar"' },
		])
	})

	test('a value of the wrong type, in French, with both types named in French', async () => {
		const answer = await call(api, 'POST', '/auth/login', {
			json: { email: 'someone@example.com', password: 'whatever-it-is', timeZone: true },
			headers: { 'Accept-Language': 'fr' },
		})
		expect(answer.status).toBe(400)
		expect(answer.body.errors).toEqual([
			{
				path: 'timeZone',
				msg: 'Valeur non valide : on attendait du texte, on a reçu un booléen (vrai ou faux)',
			},
		])
	})

	test('two requests in different languages at once each read their own', async () => {
		const student = await registerStudent(api)
		const answers = await Promise.all(
			['es', 'ar', 'en', 'fr', 'es', 'ar'].map((language) =>
				call(api, 'PUT', '/account/language', {
					token: student.token,
					json: { locale: 'xx' },
					headers: { 'Accept-Language': language },
				}),
			),
		)
		expect(answers.map((answer) => answer.body.errors[0].msg.slice(0, 12))).toEqual([
			'Opción no vá',
			'خيار غير صال',
			'Invalid opti',
			'Option non v',
			'Opción no vá',
			'خيار غير صال',
		])
	})
})

/** What each issue zod raises without a message of its own says, English and the others. */
function texts(schema: z.ZodType, input: unknown) {
	const [issue] = markedIssues(schema, input)
	expect(issue).toBeDefined()
	const said = issueText(issue!.message)
	const english = schema.safeParse(input).error!.issues[0]!.message
	const say = (language: string) => (typeof said === 'string' ? said : said.in(speaker(language)))
	return { english, en: say('en'), es: say('es'), fr: say('fr'), ar: say('ar') }
}

test('every kind of issue zod raises is said in each language, and its English is zod’s own', () => {
	const cases: [z.ZodType, unknown][] = [
		[z.string(), 5],
		[z.number(), 'five'],
		[z.int(), 1.5],
		[z.boolean(), null],
		[z.array(z.string()), {}],
		[z.object({}), undefined],
		[z.literal('a'), 'b'],
		[z.enum(['a', 'b']), 'c'],
		[z.string().max(3), 'abcd'],
		[z.string().min(2), 'a'],
		[z.string().length(1), 'ab'],
		[z.array(z.number()).max(1), [1, 2]],
		[z.array(z.number()).min(2), [1]],
		[z.number().max(10), 11],
		[z.number().lt(10), 10],
		[z.number().min(1), 0],
		[z.number().gt(1), 1],
		[z.number().multipleOf(5), 7],
		[z.email(), 'nope'],
		[z.url(), 'nope'],
		[z.uuid(), 'nope'],
		[z.iso.datetime(), 'nope'],
		[z.iso.date(), 'nope'],
		[z.iso.time(), 'nope'],
		[z.string().regex(/^a+$/), 'b'],
		[z.string().startsWith('a'), 'b'],
		[z.string().endsWith('a'), 'b'],
		[z.string().includes('a'), 'b'],
		[z.strictObject({}), { extra: 1, more: 2 }],
		[z.union([z.string(), z.number()]), true],
		[z.discriminatedUnion('type', [z.object({ type: z.literal('a') })]), { type: 'b' }],
	]
	for (const [schema, input] of cases) {
		const said = texts(schema, input)
		expect(said.en).toBe(said.english)
		for (const language of ['es', 'fr', 'ar'] as const) {
			expect(said[language], `${said.english} in ${language}`).not.toBe(said.english)
			expect(said[language]).not.toMatch(/[{}]|\b(expected|received|Invalid|Too)\b/)
		}
	}
	// Arabic's plurals: one, two, a few, many.
	const arabic = (max: number) => texts(z.string().max(max), 'x'.repeat(max + 1)).ar
	expect([1, 2, 3, 11].map(arabic)).toEqual([
		'النص طويل جدًا: الحد الأقصى حرف واحد',
		'النص طويل جدًا: الحد الأقصى حرفان',
		'النص طويل جدًا: الحد الأقصى 3 أحرف',
		'النص طويل جدًا: الحد الأقصى 11 حرفًا',
	])
	// A message of the schema's own is left as it is.
	expect(texts(z.string({ error: 'Title must be text' }), 5).es).toBe('Title must be text')
})
