import { readFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import fontkit from '@pdf-lib/fontkit'
import bidiFactory from 'bidi-js'
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib'
import decompressWoff2 from 'wawoff2/decompress.js'
// fontkit's Indic shaper is compiled to generators that expect this global (pdf-lib issues 785, 1419).
import 'regenerator-runtime/runtime.js'

/**
 * Text in any script for pdf-lib documents (docs/decisions/025): each character is drawn with the
 * first Noto font of the chain below that has it, right-to-left runs are put in visual order by
 * the Unicode bidi algorithm, and fontkit shapes each run (Arabic joining, Devanagari conjuncts).
 * Most fonts are Fontsource's variable Noto files, sliced by Unicode range: only the slices a
 * document uses are decoded (once per process) and embedded (as subsets).
 */
export type Weight = 400 | 700

type FontkitFont = ReturnType<typeof fontkit.create> & {
	getVariation(settings: Record<string, number>): FontkitFont
	variationAxes: Record<string, unknown>
}
/** One font file of the chain; `ranges` (from Fontsource's unicode.json) skips loading it for characters it is not for. */
type Slice = { name: string; ranges?: [number, number][]; file(weight: Weight): string }
type Face = { key: string; name: string; bytes: Uint8Array; font: FontkitFont }

const require = createRequire(import.meta.url)

function parseRanges(unicodeRange: string): [number, number][] {
	return unicodeRange.split(',').map((part) => {
		const [start = '0', end = start] = part.trim().replace(/^U\+/i, '').split('-')
		return [parseInt(start, 16), parseInt(end, 16)]
	})
}

function slicedFamily(family: string): Slice[] {
	const dir = dirname(require.resolve(`${family}/index.css`))
	const id = family.slice(family.indexOf('/') + 1)
	const ranges = JSON.parse(readFileSync(join(dir, 'unicode.json'), 'utf8')) as Record<
		string,
		string
	>
	return Object.entries(ranges).map(([subset, unicodeRange]) => {
		const part = subset.replace(/[[\]]/g, '')
		const file = join(dir, 'files', `${id}-${part}-wght-normal.woff2`)
		return { name: `${id}-${part}`, ranges: parseRanges(unicodeRange), file: () => file }
	})
}

/**
 * Noto Naskh Arabic as static TrueType: it has every letter's joining forms with the dots drawn in,
 * whereas Noto Sans Arabic builds letters from dotless shapes and dots that need GPOS mark
 * positioning, which pdf-lib does not apply (its text is glyph ids with advance widths only).
 */
function naskhArabic(): Slice {
	const dir = join(dirname(require.resolve('@embedpdf/fonts-arabic')), '..', 'fonts')
	const arabicBlocks: [number, number][] = [
		[0x0600, 0x06ff],
		[0x0750, 0x077f],
		[0x0870, 0x08ff],
		[0x200c, 0x200f],
		[0xfb50, 0xfdff],
		[0xfe70, 0xfeff],
	]
	return {
		name: 'naskh-arabic',
		ranges: arabicBlocks,
		file: (weight) =>
			join(dir, weight === 700 ? 'NotoNaskhArabic-Bold.ttf' : 'NotoNaskhArabic-Regular.ttf'),
	}
}

let slices: Slice[] | undefined
/** Every font of the chain, in fallback order (Fontsource's unicode.json files are read once). */
function allSlices(): Slice[] {
	slices ??= [
		...slicedFamily('@fontsource-variable/noto-sans'), // Latin, Cyrillic, Greek, Vietnamese
		naskhArabic(),
		...slicedFamily('@fontsource-variable/noto-sans-devanagari'),
		...slicedFamily('@fontsource-variable/noto-sans-sc'), // Han, kana, common Hangul
		...slicedFamily('@fontsource-variable/noto-sans-kr'), // the rest of Hangul
	]
	return slices
}

const covers = (slice: Slice, codePoint: number) =>
	!slice.ranges || slice.ranges.some(([start, end]) => codePoint >= start && codePoint <= end)

/** Fonts by the bytes pdf-lib is given, so it reuses the parsed, instanced font instead of parsing again. */
const fontsByBytes = new WeakMap<Uint8Array, FontkitFont>()
const faces = new Map<string, Promise<Face>>()

/** A slice at a weight: WOFF2 decoded to TrueType and the variable font fixed at that weight, once per process. */
function loadFace(slice: Slice, weight: Weight): Promise<Face> {
	const key = `${slice.name}@${weight}`
	let face = faces.get(key)
	if (!face) {
		face = (async () => {
			const file = slice.file(weight)
			const raw = await readFile(file)
			const bytes = file.endsWith('.woff2')
				? new Uint8Array(await decompressWoff2(raw))
				: new Uint8Array(raw)
			const parsed = fontkit.create(Buffer.from(bytes)) as FontkitFont
			// The variable fonts' default instance is Thin; pdf-lib's subsetter keeps the chosen instance.
			const font = 'wght' in parsed.variationAxes ? parsed.getVariation({ wght: weight }) : parsed
			fontsByBytes.set(bytes, font)
			return {
				key,
				name: `Noto-${slice.name}-${weight}`.replace(/[^A-Za-z0-9-]/g, ''),
				bytes,
				font,
			}
		})()
		faces.set(key, face)
		face.catch(() => faces.delete(key))
	}
	return face
}

/** The first face of the chain that draws this character, or undefined when none does. */
async function faceFor(codePoint: number, weight: Weight): Promise<Face | undefined> {
	for (const slice of allSlices()) {
		if (!covers(slice, codePoint)) continue
		const face = await loadFace(slice, weight)
		if (face.font.hasGlyphForCodePoint(codePoint)) return face
	}
	return undefined
}

const cachedFontkit = {
	create: (bytes: Uint8Array) => fontsByBytes.get(bytes) ?? fontkit.create(Buffer.from(bytes)),
}

const bidi = bidiFactory()
const RTL_SCRIPT =
	/[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u

type Run = { text: string; face: Face; level: number }

/** Splits text into runs of one face and one bidi level, in logical order. */
async function logicalRuns(text: string, weight: Weight): Promise<Run[]> {
	const { levels } = bidi.getEmbeddingLevels(text)
	const runs: Run[] = []
	let index = 0
	for (const char of text) {
		const codePoint = char.codePointAt(0) ?? 0
		const level = levels[index] ?? 0
		index += char.length
		const current = runs.at(-1)
		if (current && current.level === level && current.face.font.hasGlyphForCodePoint(codePoint)) {
			current.text += char
			continue
		}
		// Invisible format characters (bidi marks, joiners) no face draws are left out, not shown as boxes.
		if (/\p{Cf}/u.test(char) && !(await faceFor(codePoint, weight))) continue
		const face = (await faceFor(codePoint, weight)) ?? (await faceFor(0xfffd, weight))
		if (!face) continue
		const drawn = face.font.hasGlyphForCodePoint(codePoint) ? char : '\ufffd'
		if (current && current.level === level && current.face === face) current.text += drawn
		else runs.push({ text: drawn, face, level })
	}
	return runs
}

/** Rule L2 of the bidi algorithm over runs: from the highest level down to the lowest odd one, reverse each stretch at or above it. */
function visualOrder(runs: Run[]): Run[] {
	const ordered = [...runs]
	const levels = ordered.map((run) => run.level)
	const highest = Math.max(0, ...levels)
	const lowestOdd = Math.min(...levels.map((level) => (level % 2 ? level : level + 1)))
	for (let level = highest; level >= lowestOdd; level--) {
		for (let start = 0; start < ordered.length; start++) {
			if ((ordered[start]?.level ?? 0) < level) continue
			let end = start
			while (end + 1 < ordered.length && (ordered[end + 1]?.level ?? 0) >= level) end++
			ordered.splice(start, end - start + 1, ...ordered.slice(start, end + 1).reverse())
			start = end
		}
	}
	return ordered.map((run) => {
		// fontkit reverses runs of a right-to-left script itself; other text at a right-to-left level
		// (spaces, punctuation, brackets) is reversed and mirrored here.
		if (run.level % 2 === 0 || RTL_SCRIPT.test(run.text)) return run
		const mirrored = [...run.text].reverse().map((char) => bidi.getMirroredCharacter(char) ?? char)
		return { ...run, text: mirrored.join('') }
	})
}

export type TextLine = {
	/** The line's width in points at this size. */
	widthAt(size: number): number
	draw(page: PDFPage, options: { x: number; y: number; size: number; color: Color }): void
}

/** Prepares one document for text in any script; the returned function lays out one line. */
export function anyScriptText(doc: PDFDocument) {
	doc.registerFontkit(cachedFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0])
	const embedded = new Map<string, Promise<PDFFont>>()
	const embed = (face: Face) => {
		let font = embedded.get(face.key)
		if (!font) {
			font = doc.embedFont(face.bytes, { subset: true, customName: face.name })
			embedded.set(face.key, font)
		}
		return font
	}

	return async function line(text: string, weight: Weight = 400): Promise<TextLine> {
		const runs = visualOrder(await logicalRuns(text.normalize('NFC'), weight))
		// Widths scale with the size: lay each run out once, not once per size tried.
		const drawn = await Promise.all(
			runs.map(async (run) => {
				const font = await embed(run.face)
				return { text: run.text, font, unitWidth: font.widthOfTextAtSize(run.text, 1) }
			}),
		)
		return {
			widthAt: (size) => drawn.reduce((sum, run) => sum + run.unitWidth * size, 0),
			draw(page, { x, y, size, color }) {
				let left = x
				for (const run of drawn) {
					page.drawText(run.text, { x: left, y, size, font: run.font, color })
					left += run.unitWidth * size
				}
			},
		}
	}
}
