import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { apiUrl } from '../playwright.config'
import { type A11yData, makeData, type Role, signIn, type Visit, visits } from './a11y-data'
import { expect, test } from './fixtures'

// Issue 40: every page of the route table in the pseudo-locale (en-XA: accented, bracketed, a third
// longer, a short label by a word at least; app/platform/pseudo-locale.ts) on a 360 px phone. A word a person reads that is not pseudo-localized
// skipped the catalogs; a page wider than the phone, or an interface text cut short, is a layout
// that breaks with longer words. Data is never translated: what the journeys' helpers and the
// API's demo seed wrote (names, titles, emails) and numbers and dates are told apart from the
// interface's words and left out.
//
// One project (`pseudo`, run alone before the journeys on servers of its own): the words and widths are the server's HTML's, which the hydrated page keeps
// and adds to (the toasts and whatever only the browser writes), so a no-js reading would find
// nothing more. PSEUDO_PAGES=<regex> sweeps only the route patterns it matches (an area's
// pages while the others are still being translated), e.g.
// PSEUDO_PAGES='^/courses|^/course/|/studentdashboard/(courses|certificates|library)'.

const PHONE = { width: 360, height: 740 }
test.use({ viewport: PHONE, locale: 'en-US' })

const only = process.env.PSEUDO_PAGES ? new RegExp(process.env.PSEUDO_PAGES) : null
/**
 * PSEUDO_WITHIN=<selector> reads only that part of each page (and not its <title>), e.g. `main`
 * to read an area's own content while the frame around it (header, menus, footer) is translated
 * by someone else. Without it, the whole page: what `npm test` runs.
 */
const within = process.env.PSEUDO_WITHIN ?? null

// ---- What is data --------------------------------------------------------------------------

/**
 * The demo seed's data (api/src/seed.ts and each area's seed.ts): its phrases and emails (literals
 * with a space or an @), and its people's first and last names, which pages show joined.
 */
function seedData() {
	const dir = fileURLToPath(new URL('../api/src/', import.meta.url))
	const files = [
		`${dir}seed.ts`,
		// The sample course the demo seed and the teacher's sample page show (spec section 2).
		fileURLToPath(new URL('../contract/sample-course.ts', import.meta.url)),
		...readdirSync(dir, { withFileTypes: true })
			.filter((entry) => entry.isDirectory())
			.map((entry) => `${dir}${entry.name}/seed.ts`)
			.filter((file) => {
				try {
					readFileSync(file)
					return true
				} catch {
					return false
				}
			}),
	]
	const phrases: string[] = []
	const names: string[] = []
	// The sample course is data through and through, one-word topics and prerequisites included.
	const sample = readFileSync(new URL('../contract/sample-course.ts', import.meta.url), 'utf8')
	for (const [, text] of sample.matchAll(/'((?:[^'\\\n]|\\.)+)'/g))
		if (/\p{L}{2}/u.test(text!)) phrases.push(text!.replace(/\\'/g, "'"))
	for (const file of files) {
		const source = readFileSync(file, 'utf8')
		for (const [, text] of source.matchAll(/'((?:[^'\\\n]|\\.)+)'/g))
			if (/\s|@/.test(text!) && /\p{L}/u.test(text!)) phrases.push(text!.replace(/\\'/g, "'"))
		for (const [, first, last] of source.matchAll(
			/(?:firstName: |insertDemoUser\([^,]+, '[^']+', )'([^']+)',? (?:lastName: )?'([^']+)'/g,
		))
			names.push(first!, last!)
		// Departments' names and the subjects people teach: one word each, data all the same.
		for (const [, list] of source.matchAll(/(?:SUBJECTS = |subjects: )\[([^\]]*)\]/g))
			for (const [, subject] of list!.matchAll(/'([^']+)'/g)) phrases.push(subject!)
		for (const [, name] of source.matchAll(/\bname: '([^']+)'/g)) phrases.push(name!)
	}
	return { phrases, names }
}

/**
 * What the API says itself (a device's description, its messages): it speaks the shipped
 * languages, not the pseudo-locale, which tests the app's own catalogs (decision 063). Its English
 * messages, with their placeholders as wildcards.
 */
const API_TEXTS = [
	...readFileSync(new URL('../locales/en/api.po', import.meta.url), 'utf8').matchAll(
		/^msgid "((?:[^"\\]|\\.)+)"$/gm,
	),
].map(
	([, message]) =>
		new RegExp(
			`^${message!
				.replace(/\\"/g, '"')
				.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
				.replace(/\{\w+\}/g, '.+')}$`,
		),
)

type Known = { phrases: Set<string>; names: Set<string> }

function knownData(d: A11yData): Known {
	const seed = seedData()
	return {
		phrases: new Set([...seed.phrases, ...d.texts]),
		names: new Set([...seed.names, ...d.names]),
	}
}

/** What the catalogue may list that other journeys made while this one ran: read from the API. */
async function catalogueData(known: Known) {
	const response = await fetch(`${apiUrl}/courses/public/list?limit=100`)
	const { courses } = (await response.json()) as { courses: Record<string, unknown>[] }
	for (const course of courses)
		for (const key of ['title', 'subtitle', 'description', 'teacherName', 'organizationName'])
			if (typeof course[key] === 'string') known.phrases.add(course[key])
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g
const URL_TEXT = /\bhttps?:\/\/\S*/g
// Time zones by their IANA names (America/New_York), currencies by their ISO codes (EUR) and
// people's initials on their avatars (SA): the same in every language.
const ZONE_OR_CODE = /\b[A-Z][A-Za-z]+(?:\/[A-Za-z_-]+)+\b|\b[A-Z]{2,3}\b/g
// Dates and times as Intl writes them for en-XA (English's formats): month and weekday names,
// their abbreviations, the day's halves and time zones' letters.
const DATE_WORDS =
	/\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun|AM|PM|UTC|GMT|[ECMP][SD]T)\b/g
// The product's name stays as it is in every language (I18N.md).
const NEVER_TRANSLATED = [
	'TutorHub',
	// The card network's own words, shown as Stripe answers them (its API speaks English here).
	'Your card was declined.',
]

/** A letter outside ASCII or a bracket: the pseudo-locale's marks. */
const pseudo = (text: string) => /[[\]]|[^\p{ASCII}\P{L}]/u.test(text)

/** The words of the text that are neither pseudo-localized nor data; '' when there are none. */
function untranslated(text: string, known: Known) {
	if (pseudo(text)) return ''
	if (API_TEXTS.some((said) => said.test(text.trim()))) return ''
	let rest = text.replace(EMAIL, ' ').replace(URL_TEXT, ' ')
	for (const phrase of [...known.phrases].sort((a, b) => b.length - a.length))
		// A phrase with no word in it (an option '4', an empty subtitle) would cut words apart.
		if (/\p{L}{2}/u.test(phrase) && rest.includes(phrase)) rest = rest.split(phrase).join(' ')
	// Dates, and codes and ids (a certificate's public id): a word with a digit or an underscore.
	rest = rest
		.replace(DATE_WORDS, ' ')
		.replace(ZONE_OR_CODE, ' ')
		.replace(/[\w-]*[\d_][\w-]*/g, ' ')
	for (const word of NEVER_TRANSLATED) rest = rest.split(word).join(' ')
	rest = rest.replace(/\p{L}+/gu, (word) => (known.names.has(word) ? ' ' : word))
	return /\p{L}{2,}/u.test(rest) ? text : ''
}

// ---- What the page shows -------------------------------------------------------------------

type Reading = {
	texts: { where: string; text: string }[]
	scrollWidth: number
	wide: string[]
	cut: { where: string; text: string }[]
}

/** Runs in the page: its visible words, the attributes people read, and what overflows or is cut. */
function readPage(within: string | null): Reading {
	const describe = (element: Element) => {
		const id = element.id ? `#${element.id}` : ''
		const landmark = element.closest('main, header, nav, footer, aside, [role="dialog"]')
		const region = landmark ? landmark.tagName.toLowerCase() : 'body'
		return `${region} > ${element.tagName.toLowerCase()}${id}`
	}
	const pageLang = document.documentElement.lang
	// Text in another language on purpose (the switcher's language names, each in its own).
	const ownLanguage = (element: Element) =>
		(element.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang
	const shown = (element: Element) => {
		const select = element.closest('select')
		return (select ?? element).checkVisibility({ visibilityProperty: true })
	}
	const texts: Reading['texts'] = within ? [] : [{ where: '<title>', text: document.title }]
	const inside = (element: Element) => !within || element.closest(within) !== null
	const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
	for (let node = walker.nextNode(); node; node = walker.nextNode()) {
		const parent = node.parentElement
		const text = node.textContent?.replace(/\s+/g, ' ').trim()
		// `translate="no"`: a code or an id the page marks as never translated (a certificate's).
		if (!parent || !text || parent.closest('script, style, template, noscript, [translate="no"]'))
			continue
		if (!shown(parent) || ownLanguage(parent) || !inside(parent)) continue
		texts.push({ where: describe(parent), text })
	}
	const READ = ['aria-label', 'placeholder', 'title', 'alt', 'aria-description', 'label']
	for (const element of document.body.querySelectorAll('*')) {
		if (!shown(element) || ownLanguage(element) || !inside(element)) continue
		for (const name of READ) {
			const value = element.getAttribute(name)?.trim()
			if (value && (name !== 'label' || element.matches('optgroup, option, track')))
				texts.push({ where: `${describe(element)}[${name}]`, text: value })
		}
		if (element.matches('input[type="submit"], input[type="button"], input[type="reset"]')) {
			const value = (element as HTMLInputElement).value.trim()
			if (value) texts.push({ where: `${describe(element)}[value]`, text: value })
		}
	}

	const width = document.documentElement.clientWidth
	const wide: string[] = []
	if (document.documentElement.scrollWidth > width)
		for (const element of document.body.querySelectorAll('*')) {
			const box = element.getBoundingClientRect()
			if (box.right <= width + 0.5 || box.width === 0) continue
			const parent = element.parentElement?.getBoundingClientRect()
			if (parent && parent.right > width + 0.5) continue
			wide.push(
				`${describe(element)} right=${Math.round(box.right)} "${(element.textContent ?? '').trim().slice(0, 60)}"`,
			)
			if (wide.length === 5) break
		}

	// A text cut short: a box that hides what spills sideways and has more than it shows. Boxes of
	// a pixel (visually hidden labels for screen readers) are not cut, only hidden.
	const cut: Reading['cut'] = []
	for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
		const style = getComputedStyle(element)
		if (!['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis') continue
		if (element.clientWidth <= 1 || !shown(element)) continue
		const ownText = [...element.childNodes].some(
			(child) => child.nodeType === Node.TEXT_NODE && child.textContent?.trim(),
		)
		if (ownText && element.scrollWidth > element.clientWidth + 1)
			cut.push({
				where: describe(element),
				text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
			})
	}
	// A text that sticks out of the box around it that hides what spills (a card, a menu), or, with
	// no such box, out of the screen (something fixed: a toast, a bar), where no scrolling shows
	// it and the document stays as wide as the phone. A scrolling region (a table's) is read by
	// scrolling, so what it holds is not cut.
	for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
		const own = [...element.childNodes]
			.filter((child) => child.nodeType === Node.TEXT_NODE)
			.map((child) => child.textContent ?? '')
			.join(' ')
			.replace(/\s+/g, ' ')
			.trim()
		if (!own || !shown(element)) continue
		const box = element.getBoundingClientRect()
		if (box.width === 0) continue
		let frame: DOMRect | null = null
		let skip = false
		for (let above = element.parentElement; above; above = above.parentElement) {
			const overflow = getComputedStyle(above).overflowX
			if (overflow === 'visible') continue
			// Read by scrolling; or a box of a pixel, a screen reader's label hidden on purpose.
			skip = overflow === 'auto' || overflow === 'scroll' || above.clientWidth <= 1
			frame = above.getBoundingClientRect()
			break
		}
		if (skip) continue
		const left = frame ? frame.left : 0
		const right = frame ? frame.right : width
		if (box.left < left - 1 || box.right > right + 1)
			cut.push({ where: describe(element), text: own })
	}
	return { texts, scrollWidth: document.documentElement.scrollWidth, wide, cut }
}

async function check(page: Page, visit: Visit & { pattern: string }, role: Role, known: Known) {
	const response = await page.goto(visit.url)
	expect(response?.status(), `${visit.url} answers`).toBe(visit.status ?? 200)
	expect(new URL(page.url()).pathname, `${visit.url} stays put`).toBe(
		new URL(visit.url, 'http://x').pathname,
	)
	await page.waitForLoadState('networkidle', { timeout: 1_500 }).catch(() => undefined)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA')
	if (visit.pattern.startsWith('/courses') || visit.pattern === '/') await catalogueData(known)
	// The ids in the address (a certificate's public id, which may have no digit) are data the
	// page shows.
	for (const segment of new URL(visit.url, 'http://x').pathname.split('/'))
		if (segment.length >= 16) known.phrases.add(segment)
	const reading = await page.evaluate(readPage, within)
	const found: string[] = []
	const seen = new Set<string>()
	for (const { where, text } of reading.texts) {
		const left = untranslated(text, known)
		const key = `${where} ${left}`
		if (left && !seen.has(key)) {
			seen.add(key)
			found.push(`    untranslated ${where}: "${left.slice(0, 120)}"`)
		}
	}
	if (reading.scrollWidth > PHONE.width)
		found.push(
			`    ${reading.scrollWidth} px wide:\n${reading.wide.map((line) => `      - ${line}`).join('\n')}`,
		)
	// A data text cut short (a long title or email with an ellipsis) is the layout's choice; an
	// interface text cut short hides words from the reader.
	for (const { where, text } of reading.cut)
		if (pseudo(text) || untranslated(text, known))
			found.push(`    cut ${where}: "${text.slice(0, 120)}"`)
	const label = `${visit.url} as ${role}${visit.note ? ` (${visit.note})` : ''}`
	return found.length ? `${label}\n${found.join('\n')}` : null
}

let data: A11yData | undefined

const ROLES: Role[] = ['anonymous', 'student', 'teacher', 'organization']

test.describe('the pseudo-locale on every page at 360 px', () => {
	test.describe.configure({ timeout: 240_000 })

	for (const role of ROLES)
		test(`no untranslated word and no overflow, as ${role === 'anonymous' ? 'a visitor' : `the ${role}`}`, async ({
			page,
		}, testInfo) => {
			test.skip(testInfo.project.name !== 'pseudo', 'its own project, on servers of its own')
			data ??= await makeData()
			const mine = Object.entries(visits(data))
				.filter(([pattern]) => !only || only.test(pattern))
				.flatMap(([pattern, list]) =>
					list.filter((visit) => visit.as === role).map((visit) => ({ pattern, ...visit })),
				)
			test.skip(mine.length === 0, `PSEUDO_PAGES leaves no page of the ${role}`)
			const known = knownData(data)
			await signIn(page, role, data, 'en-XA')
			const problems: string[] = []
			for (const visit of mine) {
				const found = await check(page, visit, role, known)
				if (found) problems.push(found)
			}
			expect(problems.join('\n\n'), 'untranslated words and overflow in en-XA').toBe('')
		})
})
