// `node bench/i18n-libraries.mjs` (after `npm run build`): what a page's translations cost the
// browser with Lingui as built and with Paraglide, at 4 and at 20 languages (issue 40, decision
// 063). Runs without network: it reads the build (build/ or BUILD_DIR) and the PO catalogs.
//
// Lingui, as built: the page's messages in one language, which the root loader writes into the
// HTML (compiled, as the server holds them), plus the runtime that reads them in the browser: the
// app's own (app/platform/lingui-runtime.tsx) and, for comparison, Lingui's (@lingui/core and
// @lingui/react), each bundled alone by rolldown with React left out. The languages a build ships do not
// change what one page receives, but for the language form's list of names (a few bytes each).
//
// Paraglide (@inlang/paraglide-js 2, from the folder I18N_PARAGLIDE_DIR names, where
// `npm install @inlang/paraglide-js@2.25.4` was run: it is not the project's package, as its
// dependencies (the inlang SDK, a database engine with platform binaries) would weigh on every
// clean install for one measurement): the same messages (the ids build/server/route-messages.json
// lists for the page, their texts from the PO catalogs) compiled into Paraglide's message
// functions, one module per message ("message-modules"), with its runtime; an entry importing
// exactly the page's messages bundled by rolldown, minified, gzipped. Plurals and selects become
// Paraglide's variants (its own format, not ICU). The 16 languages beyond the four shipped are
// machine-made for the measurement only: the Spanish texts under 16 more tags.
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { parsePo } from 'pofile-ts'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { rolldown } from 'rolldown'

const BUILD = process.env.BUILD_DIR ?? 'build'
const SHIPPED = ['en', 'es', 'fr', 'ar']
const EXTRA = [
	'de',
	'it',
	'pt',
	'nl',
	'pl',
	'uk',
	'tr',
	'sv',
	'da',
	'fi',
	'cs',
	'ro',
	'hu',
	'el',
	'id',
	'vi',
]
const PAGES = { catalogue: 'courses', 'student dashboard': 'studentdashboard' }
const gzip = (text) => gzipSync(text).length

/** Every catalog of a language, by Lingui's message id: the ICU text. */
function catalog(locale) {
	const messages = {}
	for (const file of readdirSync(join('locales', locale))) {
		if (!file.endsWith('.po')) continue
		const po = parsePo(readFileSync(join('locales', locale, file), 'utf8'))
		for (const item of po.items) {
			if (!item.msgid) continue
			const id = generateMessageId(item.msgid, item.msgctxt ?? '')
			messages[id] = item.msgstr[0] || item.msgid
		}
	}
	return messages
}

const routeMessages = JSON.parse(readFileSync(join(BUILD, 'server', 'route-messages.json'), 'utf8'))
const catalogs = Object.fromEntries(SHIPPED.map((locale) => [locale, catalog(locale)]))

/** A module's code for the browser, React and React Router left out: gzip bytes, minified. */
async function bundled(source, name) {
	// Inside the project, so that its packages resolve from the entry.
	mkdirSync(join('node_modules', '.cache'), { recursive: true })
	const dir = mkdtempSync(join(process.cwd(), 'node_modules', '.cache', 'i18n-runtime-'))
	try {
		const entry = join(dir, `${name}.js`)
		writeFileSync(entry, source)
		const bundle = await rolldown({
			input: entry,
			cwd: process.cwd(),
			resolve: { alias: { '~': join(process.cwd(), 'app') } },
			transform: { define: { 'process.env.NODE_ENV': JSON.stringify('production') } },
			external: [/^react($|\/)/, /^react-dom/, /^react-router/],
			logLevel: 'silent',
		})
		const { output } = await bundle.generate({ minify: true, format: 'esm', codeSplitting: false })
		const code = output.map((chunk) => chunk.code ?? '').join('')
		if (process.env.I18N_DEBUG) console.log(name, code.length, code.slice(0, 300))
		return gzip(code)
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

/**
 * The runtime a page carries for its messages: the app's own (app/platform/lingui-runtime.tsx,
 * what the macros call in the browser since it replaced @lingui/core's and @lingui/react's there),
 * and Lingui's own as it was before, for comparison; each bundled alone.
 */
async function linguiRuntimeBytes() {
	const own = await bundled(
		`export { I18nProvider, Trans, useLingui, PageCatalog } from '${join(process.cwd(), 'app/platform/lingui-runtime.tsx')}'\n`,
		'own',
	)
	const lingui = await bundled(
		"export { setupI18n } from '@lingui/core'\nexport { I18nProvider, Trans, useLingui } from '@lingui/react'\n",
		'lingui',
	)
	const assets = join(BUILD, 'client', 'assets')
	const frame = readdirSync(assets).find((file) => /^frame-.*\.js$/.test(file))
	const code = readFileSync(join(assets, frame), 'utf8')
	// 16 more languages: the frame's list of tags and of names in the language form grows.
	const names = {
		de: 'Deutsch',
		it: 'Italiano',
		pt: 'Português',
		nl: 'Nederlands',
		pl: 'Polski',
		uk: 'Українська',
		tr: 'Türkçe',
		sv: 'Svenska',
		da: 'Dansk',
		fi: 'Suomi',
		cs: 'Čeština',
		ro: 'Română',
		hu: 'Magyar',
		el: 'Ελληνικά',
		id: 'Bahasa Indonesia',
		vi: 'Tiếng Việt',
	}
	const more = code
		.replace(
			'[`en`,`es`,`fr`,`ar`]',
			`[\`en\`,\`es\`,\`fr\`,\`ar\`,${EXTRA.map((tag) => `\`${tag}\``).join(',')}]`,
		)
		.replace(
			'ar:`العربية`}',
			`ar:\`العربية\`,${EXTRA.map((tag) => `${tag}:\`${names[tag]}\``).join(',')}}`,
		)
	if (more.length === code.length)
		throw new Error('The list of languages was not found in the frame chunk')
	return {
		own,
		lingui,
		twentyLanguagesExtra: gzip(more) - gzip(code),
	}
}

// Lingui's compiled tokens → Paraglide's (inlang's) message: declarations, selectors, variants.
function toInlang(bundleId, locale, icu, mapText = (text) => text) {
	const compiled = compileMessage(icu)
	const inputs = new Set()
	const selectors = []
	const locals = []
	// Every combination of the message's choices: [matches, pattern].
	function expand(tokens, pluralArg) {
		let variants = [[[], []]]
		const append = (part) => variants.forEach(([, pattern]) => pattern.push(part))
		for (const token of tokens) {
			if (typeof token === 'string') {
				if (token === '#' && pluralArg) {
					append({ type: 'expression', arg: { type: 'variable-reference', name: pluralArg } })
				} else append({ type: 'text', value: mapText(token) })
				continue
			}
			const [name, type, format] = token
			inputs.add(name)
			if (type === 'plural' || type === 'selectordinal' || type === 'select') {
				let selector = name
				if (type !== 'select') {
					selector = `${name}Plural`
					if (!locals.some((local) => local.name === selector))
						locals.push({
							type: 'local-variable',
							name: selector,
							value: {
								type: 'expression',
								arg: { type: 'variable-reference', name },
								annotation: {
									type: 'function-reference',
									name: 'plural',
									options:
										type === 'selectordinal'
											? [{ name: 'type', value: { type: 'literal', value: 'ordinal' } }]
											: [],
								},
							},
						})
				}
				if (!selectors.some((s) => s.name === selector))
					selectors.push({ type: 'variable-reference', name: selector })
				const next = []
				for (const [key, choice] of Object.entries(format)) {
					if (key === 'offset') continue
					const match =
						key === 'other'
							? { type: 'catchall-match', key: selector }
							: { type: 'literal-match', key: selector, value: key.replace(/^=/, '') }
					for (const [matches, pattern] of variants)
						for (const [innerMatches, innerPattern] of expand(
							choice,
							type === 'select' ? pluralArg : name,
						))
							next.push([
								[...matches, match, ...innerMatches],
								[...pattern, ...innerPattern],
							])
				}
				variants = next
			} else {
				const annotation =
					type === 'number'
						? { type: 'function-reference', name: 'number', options: [] }
						: type === 'date' || type === 'time'
							? { type: 'function-reference', name: 'datetime', options: [] }
							: undefined
				append({
					type: 'expression',
					arg: { type: 'variable-reference', name },
					...(annotation && { annotation }),
				})
			}
		}
		return variants
	}
	const variants = expand(compiled)
	return {
		declarations: [...[...inputs].map((name) => ({ type: 'input-variable', name })), ...locals],
		message: {
			bundleId,
			locale,
			selectors,
			variants: variants.map(([matches, pattern]) => ({ matches, pattern })),
		},
	}
}

/**
 * A machine-made language's texts: Spanish, its letters shifted by the tag's place in the list, so
 * each language has texts of a real one's length that gzip cannot fold into another's (16 plain
 * copies of Spanish would compress to almost nothing and flatter Paraglide, which ships them all).
 */
const textOf = (locale) => {
	const shift = EXTRA.indexOf(locale) + 1
	if (!shift) return undefined
	return (text) =>
		text.replace(/[a-z]/gi, (letter) => {
			const base = letter <= 'Z' ? 65 : 97
			return String.fromCharCode(((letter.charCodeAt(0) - base + shift) % 26) + base)
		})
}

/** Paraglide's modules, from the folder where it was installed for the measurement. */
async function loadParaglide(dir) {
	const from = (name) => pathToFileURL(join(dir, 'node_modules', name, 'dist', 'index.js')).href
	const { compileProject } = await import(from('@inlang/paraglide-js'))
	const { insertBundleNested, loadProjectInMemory, newProject } = await import(from('@inlang/sdk'))
	return { compileProject, insertBundleNested, loadProjectInMemory, newProject }
}

/** Paraglide's bytes for one page: its runtime and the page's message functions, every language. */
async function paraglideBytes(paraglide, ids, locales) {
	const { compileProject, insertBundleNested, loadProjectInMemory, newProject } = paraglide
	const blob = await newProject({ settings: { baseLocale: 'en', locales } })
	const project = await loadProjectInMemory({ blob })
	const names = []
	for (const id of ids) {
		const bundleId = `m_${id.replace(/[^\w]/g, '_')}`
		let declarations = []
		const messages = []
		for (const locale of locales) {
			const source = catalogs[locale] ?? catalogs.es
			const converted = toInlang(bundleId, locale, source[id] ?? catalogs.en[id], textOf(locale))
			if (converted.declarations.length > declarations.length) declarations = converted.declarations
			messages.push(converted.message)
		}
		await insertBundleNested(project.db, { id: bundleId, declarations, messages })
		names.push(bundleId)
	}
	const output = await compileProject({
		project,
		compilerOptions: { outputStructure: 'message-modules' },
	})
	await project.close()
	const dir = mkdtempSync(join(os.tmpdir(), 'paraglide-'))
	try {
		for (const [file, content] of Object.entries(output)) {
			mkdirSync(dirname(join(dir, 'paraglide', file)), { recursive: true })
			writeFileSync(join(dir, 'paraglide', file), content)
		}
		writeFileSync(
			join(dir, 'entry.js'),
			`import { ${names.join(', ')} } from './paraglide/messages.js'\nwindow.m = [${names.join(', ')}]\n`,
		)
		const bundle = await rolldown({ input: join(dir, 'entry.js'), logLevel: 'silent' })
		const { output: chunks } = await bundle.generate({
			minify: true,
			format: 'esm',
			codeSplitting: false,
		})
		const code = chunks.map((chunk) => chunk.code ?? '').join('')
		// The runtime alone (getLocale, setLocale, the strategies), as the same bundler keeps it.
		writeFileSync(
			join(dir, 'runtime-entry.js'),
			`import * as r from './paraglide/runtime.js'\nwindow.r = r.getLocale\n`,
		)
		const runtime = await rolldown({ input: join(dir, 'runtime-entry.js'), logLevel: 'silent' })
		const runtimeCode = (await runtime.generate({ minify: true, format: 'esm' })).output[0].code
		return { total: gzip(code), runtime: gzip(runtimeCode), raw: code.length }
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

/**
 * remix-i18next's runtime in the browser (i18next, react-i18next and remix-i18next's client parts,
 * React and React Router left out as the page has them), when I18N_REMIX_DIR names a folder where
 * `npm install i18next react-i18next remix-i18next` was run: they are not the project's packages.
 */
async function remixI18nextBytes(dir) {
	const entry = join(dir, 'measure-entry.js')
	writeFileSync(
		entry,
		[
			"import i18next from 'i18next'",
			"import { I18nextProvider, initReactI18next, useTranslation, Trans } from 'react-i18next'",
			"import { getInitialNamespaces } from 'remix-i18next/client'",
			"import { useLocale, useChangeLanguage } from 'remix-i18next/react'",
			'window.i = [i18next.use(initReactI18next), I18nextProvider, useTranslation, Trans, getInitialNamespaces, useLocale, useChangeLanguage]',
		].join('\n'),
	)
	const bundle = await rolldown({
		input: entry,
		external: [/^react($|\/)/, /^react-dom/, /^react-router/],
		logLevel: 'silent',
	})
	const { output } = await bundle.generate({ minify: true, format: 'esm', codeSplitting: false })
	const versions = Object.fromEntries(
		['i18next', 'react-i18next', 'remix-i18next'].map((name) => [
			name,
			JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version,
		]),
	)
	return { gzip: gzip(output.map((chunk) => chunk.code ?? '').join('')), versions }
}

const rows = []
if (!process.env.I18N_PARAGLIDE_DIR) {
	throw new Error(
		'Set I18N_PARAGLIDE_DIR to a folder where `npm install @inlang/paraglide-js@2.25.4` was run',
	)
}
const paraglideModules = await loadParaglide(process.env.I18N_PARAGLIDE_DIR)
const lingui = await linguiRuntimeBytes()
for (const [page, pattern] of Object.entries(PAGES)) {
	const ids = routeMessages[pattern]
	if (!ids) throw new Error(`No messages for ${pattern} in route-messages.json`)
	for (const count of [4, 20]) {
		const locales = count === 4 ? SHIPPED : [...SHIPPED, ...EXTRA]
		// Lingui: the page's messages in one language (Spanish: longer than English), compiled.
		const inline = Object.fromEntries(
			ids.map((id) => [id, compileMessage(catalogs.es[id] ?? catalogs.en[id])]),
		)
		const messages = gzip(JSON.stringify(inline))
		const extra = count === 20 ? lingui.twentyLanguagesExtra : 0
		for (const [library, runtime] of [
			["Lingui 6, the app's browser runtime", lingui.own + extra],
			['Lingui 6, its own runtime', lingui.lingui + extra],
		])
			rows.push({
				page,
				library,
				languages: count,
				messages: ids.length,
				messagesGzip: messages,
				runtimeGzip: runtime,
				totalGzip: messages + runtime,
			})
		const paraglide = await paraglideBytes(paraglideModules, ids, locales)
		rows.push({
			page,
			library: 'Paraglide 2.25',
			languages: count,
			messages: ids.length,
			messagesGzip: paraglide.total - paraglide.runtime,
			runtimeGzip: paraglide.runtime,
			totalGzip: paraglide.total,
		})
	}
}
console.table(rows)
console.log(
	`Runtime for the messages, bundled alone: the app's ${lingui.own} B, Lingui's own (@lingui/core and @lingui/react) ${lingui.lingui} B gzip; 16 more languages add ${lingui.twentyLanguagesExtra} B to the frame chunk (the language form's list)`,
)
const remix = process.env.I18N_REMIX_DIR
	? await remixI18nextBytes(process.env.I18N_REMIX_DIR)
	: null
if (remix)
	console.log(
		`remix-i18next's runtime in the browser (${Object.entries(remix.versions)
			.map(([name, version]) => `${name} ${version}`)
			.join(', ')}): ${remix.gzip} B gzip, before any message`,
	)
if (process.env.I18N_JSON)
	writeFileSync(
		process.env.I18N_JSON,
		`${JSON.stringify({ date: new Date().toISOString(), rows, lingui, remix }, null, '\t')}\n`,
	)
