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

// An action's answer echoes what it parsed: the server parses through parseForm, which reads only
// the form's own fields (issue 29, decision 037). Components may still validate with conform's own.
const parseRule = {
	name: '@conform-to/zod/v4',
	importNames: ['parseWithZod'],
	message:
		"Parse posted forms with parseForm from '~/platform/form.server': it echoes only the form's own fields.",
}

/**
 * One config per app folder: the forms rule, the API kept out, and the layers it may not reach;
 * then the same for its server code (`*.server.ts`, route modules) with the parsing rule.
 */
function layers(folders) {
	const config = (files, forbidden, paths, ignores) => ({
		files,
		ignores,
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths,
					patterns: [
						{
							regex: '^(\\.\\./)+api/',
							message: 'The app reaches the API over HTTP only, never by import.',
						},
						...forbidden.map((layer) => ({
							regex: `^(~/|(\\.\\./)+)${layer}/`,
							message: `${files[0].split('/')[1]} may not import from ${layer} (layers: routes → features → platform; ui beside platform).`,
						})),
					],
				},
			],
		},
	})
	return Object.entries(folders).flatMap(([files, forbidden]) => {
		const server = files.startsWith('app/routes/')
			? [files]
			: [
					files.replace(/\*\*$|\{ts,tsx\}$/, (end) =>
						end === '**' ? '**/*.server.ts' : 'server.ts',
					),
				]
		return [
			config([files], forbidden, [formsRule], ['app/ui/use-form.ts']),
			config(
				server,
				forbidden,
				[formsRule, parseRule],
				['app/ui/use-form.ts', 'app/platform/own-fields.ts'],
			),
		]
	})
}

// Syntax Node cannot strip from the API's TypeScript (see the config below).
const strippableSyntax = [
	{ selector: 'TSEnumDeclaration', message: 'Node cannot strip an enum: use a union.' },
	{
		selector: 'TSModuleDeclaration[declare=false]',
		message: 'Node cannot strip a namespace: use a module.',
	},
]

/**
 * The API's layers (decision 043): in a domain folder `api/src/<domain>/`, routes.ts → services →
 * repository.ts (the only SQL) → platform/ (which imports no domain). present.ts and schemas.ts are
 * pure. Scripts (seeds, migrations, the database's set-up, backups, test hooks) may hold SQL.
 */
const api = {
	repositories: ['api/src/*/repository.ts'],
	scripts: [
		'api/src/seed.ts',
		'api/src/*/seed.ts',
		'api/src/migrate.ts',
		'api/src/db.ts',
		'api/src/schema.ts',
		'api/src/backup.ts',
		'api/src/test-hooks/**',
		'api/src/*/test-hooks.ts',
	],
	// present.ts, schemas.ts and the few modules of pure reckoning they lean on.
	pure: [
		'api/src/*/present.ts',
		'api/src/*/schemas.ts',
		'api/src/schedules/time.ts',
		'api/src/scores/grades.ts',
	],
	platform: ['api/src/platform/**'],
}
const SQL_ONLY_IN_REPOSITORIES =
	"SQL only in a domain's repository.ts (or a script): call the repository (API layers, decision 043)."
const apiSql = [
	{
		selector:
			'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)$/]',
		message: SQL_ONLY_IN_REPOSITORIES,
	},
	{ selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_ONLY_IN_REPOSITORIES },
	{ selector: "MemberExpression[object.name='sql']", message: SQL_ONLY_IN_REPOSITORIES },
]
const apiImport = (regex, message) => ({ regex, message: `${message} (API layers, decision 043).` })
// Only app.ts mounts a domain's routes; an organization's own areas are mounted under its path.
const routesImport = apiImport(
	'^\\.\\.?/(?!(departments|scores|roster)/routes\\.ts$)(.+/)?routes\\.ts$',
	'Nothing imports a routes.ts but app.ts: move what it shares to the domain’s service or present.ts',
)
const apiLayer = (files, { ignores = [], patterns = [], paths = [], sql = false }) => ({
	files,
	ignores,
	rules: {
		'@typescript-eslint/no-restricted-imports': [
			'error',
			{
				paths,
				patterns: [routesImport, ...patterns].map((p) => ({ ...p, allowTypeImports: true })),
			},
		],
		...(sql ? {} : { 'no-restricted-syntax': ['error', ...strippableSyntax, ...apiSql] }),
	},
})
const kyselySql = {
	name: 'kysely',
	importNames: ['sql'],
	message: SQL_ONLY_IN_REPOSITORIES,
}
// Removed at merge: platform/metrics.ts (on s13-rooms) still reads the mail queue's gauge in SQL.
const apiLayerExceptions = [
	{
		files: ['api/src/platform/metrics.ts'],
		rules: {
			'no-restricted-syntax': ['error', ...strippableSyntax],
			'@typescript-eslint/no-restricted-imports': 'off',
		},
	},
]
const apiLayers = [
	// Routes and services: no SQL, no kysely `sql` (its types stay importable).
	apiLayer(['api/src/**/*.ts'], {
		ignores: [...api.repositories, ...api.scripts, 'api/src/app.ts'],
		paths: [kyselySql],
	}),
	// app.ts mounts every domain's routes.
	{
		files: ['api/src/app.ts'],
		rules: { 'no-restricted-syntax': ['error', ...strippableSyntax, ...apiSql] },
	},
	apiLayer(api.repositories, {
		sql: true,
		patterns: [
			apiImport(
				'^(?!\\.\\./(db|schema)\\.ts$|\\.\\./platform/|(\\.|\\.\\./[\\w-]+)/(repository|schemas)\\.ts$)\\.\\.?/',
				'A repository imports only repositories, schemas, platform/, db.ts and schema.ts: no service, route or present.ts',
			),
		],
	}),
	apiLayer(api.pure, {
		paths: [kyselySql],
		// Removed at merge: rooms/ is split on s13-rooms (its present.ts reads isHost from its repository).
		ignores: ['api/src/rooms/present.ts'],
		patterns: [
			apiImport(
				'^(?!\\.\\./schema\\.ts$|\\.\\./platform/|(\\.|\\.\\./[\\w-]+)/(present|schemas|time|grades)\\.ts$)\\.\\.?/',
				'present.ts and schemas.ts are pure: they import no repository or service, only present.ts, schemas.ts and platform/',
			),
		],
	}),
	apiLayer(api.platform, {
		paths: [kyselySql],
		// Removed at merge: the rooms engineer's branch (s13-rooms) makes these import no domain.
		ignores: [
			'api/src/platform/context.ts',
			'api/src/platform/access-tokens.ts',
			'api/src/platform/metrics.ts',
		],
		patterns: [
			apiImport(
				'^\\.\\./(?!(db|schema)\\.ts$|\\.\\./)',
				'platform/ imports no domain: only itself, db.ts, schema.ts and packages',
			),
		],
	}),
]

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
			'release/',
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
		files: ['api/**/*.ts', 'reporting/**/*.ts', 'contract/**/*.ts'],
		rules: {
			'@typescript-eslint/parameter-properties': ['error', { prefer: 'class-property' }],
			'no-restricted-syntax': ['error', ...strippableSyntax],
		},
	},
	...apiLayers,
	...apiLayerExceptions,
	{ languageOptions: { globals: { ...globals.node, ...globals.browser } } },
)
