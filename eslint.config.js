import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Forms come back empty after a successful submission only through the app's own useForm.
const formsRule = {
	name: '@conform-to/react',
	importNames: ['useForm'],
	message: "Use useForm from '~/ui/use-form': it resets the form after a successful submission.",
}

/** One config per app folder: the forms rule, the API kept out, and the layers it may not reach. */
function layers(folders) {
	return Object.entries(folders).map(([files, forbidden]) => ({
		files: [files],
		ignores: ['app/ui/use-form.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [formsRule],
					patterns: [
						{
							regex: '^(\\.\\./)+api/',
							message: 'The app reaches the API over HTTP only, never by import.',
						},
						...forbidden.map((layer) => ({
							regex: `^(~/|(\\.\\./)+)${layer}/`,
							message: `${files.split('/')[1]} may not import from ${layer} (layers: routes → features → platform; ui beside platform).`,
						})),
					],
				},
			],
		},
	}))
}

export default tseslint.config(
	{
		ignores: [
			'build/',
			'build-*/',
			'test-results-*/',
			'.react-router/',
			'node_modules/',
			'test-results/',
			'playwright-report/',
			'.data/',
			'bench/baseline/build/',
			'bench/baseline/build-routes/',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			...reactHooks.configs.recommended.rules,
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
			],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
		},
	},
	// The layers (decision 028): routes → features → platform, ui beside platform; the app and the
	// API share nothing. Each folder's rule lists what it may not import; ESLint keeps one
	// no-restricted-imports per file, so every folder's entry also carries the forms rule.
	...layers({
		'app/platform/**': ['features', 'routes', 'ui'],
		'app/ui/**': ['features', 'routes'],
		'app/features/**': ['routes'],
		'app/routes/**': [],
		'app/*.{ts,tsx}': [],
	}),
	{
		files: ['api/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{ regex: '^(~/|(\\.\\./)+app/)', message: 'The API imports nothing from the app.' },
					],
				},
			],
		},
	},
	// Node runs the API's TypeScript itself by stripping the types (no tsx, no build step: decision
	// 016), which only works for syntax that erases: no parameter properties, enums or namespaces.
	{
		files: ['api/**/*.ts', 'reporting/**/*.ts'],
		rules: {
			'@typescript-eslint/parameter-properties': ['error', { prefer: 'class-property' }],
			'no-restricted-syntax': [
				'error',
				{ selector: 'TSEnumDeclaration', message: 'Node cannot strip an enum: use a union.' },
				{
					selector: 'TSModuleDeclaration[declare=false]',
					message: 'Node cannot strip a namespace: use a module.',
				},
			],
		},
	},
	{ languageOptions: { globals: { ...globals.node, ...globals.browser } } },
)
