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
	// Accented: a string that skipped the catalogs reads plain (decision 063). Lingui accents the
	// English and keeps placeholders, ICU and tags; the server then lengthens every text and brackets
	// it as it loads the catalog (app/platform/pseudo-locale.ts): Lingui's own `extend` pads a share
	// of the length, rounded down, so a label under six letters got no padding at all.
	pseudoLocale: { locale: 'en-XA' },
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
