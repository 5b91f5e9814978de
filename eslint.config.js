import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{ ignores: ['build/', 'build-*/', 'test-results-*/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/', 'bench/baseline/build/'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
		},
	},
	{
		// Forms come back empty after a successful submission only through the app's own useForm.
		files: ['app/**/*.{ts,tsx}'],
		ignores: ['app/ui/use-form.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ paths: [{ name: '@conform-to/react', importNames: ['useForm'], message: "Use useForm from '~/ui/use-form': it resets the form after a successful submission." }] },
			],
		},
	},
	{ languageOptions: { globals: { ...globals.node, ...globals.browser } } },
)
