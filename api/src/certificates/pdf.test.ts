import { expect, test } from 'vitest'
import { extractText } from 'unpdf'
import { certificatePdf } from './pdf.ts'

const content = {
	courseTitle: 'Geometry Basics',
	issuerName: 'Tia Teach',
	issuedAt: new Date('2026-03-04T10:00:00Z'),
	publicId: 'AbCdEfGhIjKlMnOpQrStUv',
	verifyUrl: 'https://tutorhub.example/verify/certificate/AbCdEfGhIjKlMnOpQrStUv',
}

/** The certificate's lines as a PDF reader extracts them (pdf.js, which also puts right-to-left text back in reading order). */
async function linesOf(studentName: string, issuerName = content.issuerName) {
	const pdf = await certificatePdf({ ...content, studentName, issuerName })
	const { text } = await extractText(new Uint8Array(pdf), { mergePages: true })
	return { lines: text.split('\n'), size: pdf.length }
}

test.each([
	['Cyrillic', 'Иван Петров'],
	['Greek', 'Γιώργος Παπαδόπουλος'],
	['Chinese', '王小明'],
	['Japanese', '山田 はなこ'],
	['Korean', '김민준'],
	['Arabic, right to left', 'محمد علي'],
	['Latin with accents', 'Zoë Łukasz Nguyễn'],
])('a %s name prints and extracts exactly', async (_script, name) => {
	const { lines } = await linesOf(name)
	expect(lines.slice(0, 6)).toEqual([
		'TutorHub',
		'Certificate of Completion',
		'This certifies that',
		name,
		'has successfully completed the course',
		'Geometry Basics',
	])
})

test('a Devanagari name is shaped: the i-sign is drawn before its consonant, so a reader extracts it in that visual order', async () => {
	const { lines } = await linesOf('प्रिया सिंह')
	// The glyphs are in visual order and pdf.js does not reorder Indic text; every letter is there.
	expect(lines[3]).toBe('िप्रया िसंह')
	expect([...(lines[3] ?? '')].sort()).toEqual([...'प्रिया सिंह'].sort())
})

test('an Arabic issuer inside an English sentence keeps the sentence order', async () => {
	const { lines } = await linesOf('Иван Петров', 'مدرسة النور')
	expect(lines[6]).toBe('Issued by مدرسة النور on March 4, 2026')
})

test('a character no font has becomes a replacement mark, never a broken PDF', async () => {
	const { lines } = await linesOf('Ada 😀 Lovelace')
	expect(lines[3]).toBe('Ada \ufffd Lovelace')
})

test('fonts are embedded as subsets: a certificate stays small', async () => {
	const latin = await linesOf('Ivan Petrov')
	const mixed = await linesOf('Иван 王小明 محمد')
	expect(latin.size).toBeLessThan(40_000)
	expect(mixed.size).toBeLessThan(60_000)
})
