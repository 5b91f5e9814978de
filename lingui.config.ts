import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { extractor } from '@lingui/cli/api'
import { apiMessages } from './scripts/api-messages.ts'

/**
 * The interface's message catalogs (decision 063). PO files, one per language and area, so that
 * Weblate or Crowdin can take them and two people translating different areas never touch the
 * same file. `npm run i18n:extract` adds new strings and drops unused ones; the build compiles
 * them (the Vite plugin), and `npm test` fails on a missing translation or broken ICU syntax.
 */
const area = (name: string, include: string[]) => ({
	path: `<rootDir>/locales/{locale}/${name}`,
	include,
	exclude: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
})

export default defineConfig({
	sourceLocale: 'en',
	locales: ['en', 'es', 'fr', 'ar', 'en-XA'],
	// Accented, a third longer and bracketed: a string that skipped the catalogs reads plain, and a
	// layout that cannot take longer text overflows (decision 063). The padding is short accented
	// words between ordinary spaces, so a label grows and wraps as a longer language's does (a run
	// of unbreakable padding would only test how a single long word is cut).
	pseudoLocale: {
		locale: 'en-XA',
		prepend: '[',
		append: ']',
		extend: 0.35,
		extendCharacter: ' ŵőŕđ',
	},
	fallbackLocales: { default: 'en' },
	// No line numbers and a fixed date: a catalog changes only when its messages do.
	format: formatter({
		lineNumbers: false,
		customHeaderAttributes: { 'POT-Creation-Date': '2026-11-29 00:00+0000' },
	}),
	// The `t` macro speaks the request's language on the server, not a global one (app/platform/i18n.ts).
	// `<Trans>` and `useLingui()` from a small runtime of the app's own: Lingui's is 3.2 kB gzip on
	// every page, most of which the app does not use (decision 063, measured).
	runtimeConfigModule: {
		i18n: ['~/platform/i18n', 'i18n'],
		Trans: ['~/platform/lingui-runtime', 'Trans'],
		useLingui: ['~/platform/lingui-runtime', 'useLingui'],
	},
	// The API cannot run macros (it is not bundled): its `say(…)` calls and error texts are read by
	// their own extractor (decision 064); the first extractor that matches a file reads it.
	extractors: [apiMessages, extractor],
	catalogs: [
		area('frame', [
			'<rootDir>/app/root.tsx',
			'<rootDir>/app/ui/',
			'<rootDir>/app/platform/',
			'<rootDir>/app/routes/account/',
			'<rootDir>/app/routes/operations/',
			'<rootDir>/app/routes/files/',
			'<rootDir>/app/routes/public/',
			'<rootDir>/app/features/site/',
			'<rootDir>/app/features/users/',
			'<rootDir>/app/features/auth/',
			'<rootDir>/app/features/signup/',
			'<rootDir>/app/features/sso/',
			'<rootDir>/app/features/account/',
			'<rootDir>/app/features/reminders/',
		]),
		area('learning', [
			'<rootDir>/app/routes/student/',
			'<rootDir>/app/features/courses/',
			'<rootDir>/app/features/payments/',
			'<rootDir>/app/features/certificates/',
			'<rootDir>/app/features/resources/',
			'<rootDir>/app/features/student-dashboard/',
		]),
		area('teaching', [
			'<rootDir>/app/routes/teacher/',
			'<rootDir>/app/features/tasks/',
			'<rootDir>/app/features/quizzes/',
			'<rootDir>/app/features/qa/',
			'<rootDir>/app/features/scores/',
			'<rootDir>/app/features/teacher-dashboard/',
		]),
		area('school', [
			'<rootDir>/app/routes/organization/',
			'<rootDir>/app/features/organizations/',
			'<rootDir>/app/features/departments/',
			'<rootDir>/app/features/roster/',
			'<rootDir>/app/features/report-cards/',
			'<rootDir>/app/features/announcements/',
			'<rootDir>/app/features/schedules/',
		]),
		area('rooms', ['<rootDir>/app/routes/conference/', '<rootDir>/app/features/conference/']),
		area('api', ['<rootDir>/api/src/']),
	],
})
