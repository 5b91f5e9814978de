import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import lingui from 'eslint-plugin-lingui'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Forms come back empty after a successful submission only through the app's own useForm.
const formsRule = {
	name: '@conform-to/react',
	importNames: ['useForm'],
	message: "Use useForm from '~/ui/use-form': it resets the form after a successful submission.",
}

// React Router's Link resolves its address twice; the app's own is lighter for its own paths (decision 049).
const linkRule = {
	name: 'react-router',
	importNames: ['Link'],
	message: "Use Link from '~/ui/link': it renders a link to one of the app's own paths for less.",
}

// An action's answer echoes what it parsed: the server parses through parseForm, which reads only
// the form's own fields (issue 29, decision 037). Components may still validate with conform's own.
const parseRule = {
	name: '@conform-to/zod/v4',
	importNames: ['parseWithZod'],
	message:
		"Parse posted forms with parseForm from '~/platform/form.server': it echoes only the form's own fields.",
}

// The signed-in areas guard once, on their layouts (decision 045): their pages and the features
// read the user with areaUser and do not guard again.
const guardsRule = {
	name: '~/platform/request.server',
	importNames: ['requireRole', 'requireUser'],
	message:
		"The area's layout guards its pages (areaGuard middleware): read the user with areaUser from '~/platform/area-guard.server'.",
}

/**
 * The domains of app/features in order (decision 045): each may import only the domains before it,
 * so a domain's pages can lean on those below and nothing leans back. schedules (time zones and
 * calendar maths every dated page reads) and account (the signed-in account: the area frame, its
 * settings, the email and password fields) are the base; pages that gather many domains
 * (sign-up, the student dashboard) come last.
 */
export const domainOrder = [
	'schedules',
	'account',
	'users',
	'auth',
	'sso',
	'courses',
	'certificates',
	'payments',
	'conference',
	'qa',
	'quizzes',
	'tasks',
	'resources',
	'announcements',
	'reminders',
	'report-cards',
	'departments',
	'roster',
	'organizations',
	'scores',
	'signup',
	'student-dashboard',
	'teacher-dashboard',
	'site',
]

/**
 * The parts of the app whose every string a person reads goes through the catalogs (decision
 * 063): a literal left in their JSX, or a `t` called at a module's top (where no request's
 * language is known yet), fails lint. Each area joins as its strings are translated.
 */
export const translatedAreas = [
	'app/root.tsx',
	'app/routes/student/**',
	'app/features/courses/**',
	'app/features/payments/**',
	'app/features/certificates/**',
	'app/features/resources/**',
	'app/features/student-dashboard/**',
	'app/features/quizzes/**',
	'app/features/tasks/**',
	'app/features/qa/**',
	'app/features/scores/**',
	'app/features/teacher-dashboard/**',
	'app/routes/teacher/**',
	'app/features/schedules/**',
	'app/features/organizations/**',
	'app/features/departments/**',
	'app/features/announcements/**',
	'app/features/roster/**',
	'app/features/report-cards/**',
	'app/routes/organization/**',
	'app/ui/**',
	'app/platform/**',
	'app/routes/account/**',
	'app/routes/operations/**',
	'app/routes/files/**',
	'app/routes/public/**',
	'app/features/site/**',
	'app/features/users/**',
	'app/features/auth/**',
	'app/features/signup/**',
	'app/features/sso/**',
	'app/features/account/**',
	'app/features/reminders/**',
	'app/features/conference/**',
	'app/routes/conference/**',
]

const linguiRules = {
	files: translatedAreas,
	// Tests are written in the code's English; they check what a person reads, not what it is written in.
	ignores: ['**/*.test.ts', '**/*.test.tsx'],
	plugins: { lingui },
	rules: {
		'lingui/t-call-in-function': 'error',
		'lingui/no-single-variables-to-translate': 'error',
		'lingui/no-trans-inside-trans': 'error',
		'lingui/no-expression-in-message': 'error',
		'lingui/no-unlocalized-strings': [
			'error',
			{
				// What a person never reads: class lists, addresses, ids, names of fields, types.
				ignoreNames: [
					{
						regex: {
							pattern:
								'^(className|class|href|to|src|id|name|type|method|action|rel|role|lang|dir|htmlFor|key|as|target|encType|autoComplete|inputMode|pattern|media|content|charSet|nonce|variant|size|tone|accept|form|headers|testId|data-.*|aria-(controls|describedby|labelledby|live|current|hidden|haspopup|expanded|pressed|invalid|owns|activedescendant))$',
						},
					},
					{ regex: { pattern: '^[A-Z0-9_]+$' } },
					// Tailwind class lists kept in variables or tables (`linkClass`, a button's `variants`).
					{ regex: { pattern: '^(.*[cC]lass(es|Name)?|variants|tones)$' } },
					// Metrics' descriptions and the error monitor's filters, read by whoever runs the server.
					{ regex: { pattern: '^(help|ignoreErrors)$' } },
					// An upstream call's fallback error text is the API's error message (spec section 7),
					// translated centrally with the API's other errors, not in each area.
					{ regex: { pattern: '^fallback$' } },
				],
				ignoreFunctions: [
					'console.*',
					'redirect',
					'data',
					'*.get',
					'*.set',
					'*.has',
					'*.append',
					'*.delete',
					'*.getAll',
					'new URL',
					'new URLSearchParams',
					'Error',
					'new Error',
					'cn',
					'clsx',
					'z.*',
					// Selectors, headers, logs and build-time globs: read by code or by whoever runs the server.
					'*.includes',
					'*.closest',
					'*.querySelector',
					'*.querySelectorAll',
					'new Headers',
					'import.meta.glob',
					'log',
				],
				ignore: ['^[\\w./:#?&=%~@-]+$', '^(GET|POST|PUT|PATCH|DELETE)$'],
			},
		],
	},
}

/** Each domain's folder: the features layer's rules, and the domains after it refused. */
function domains(order) {
	return Object.fromEntries(
		order.map((domain, at) => [
			`app/features/${domain}/**`,
			{
				forbidden: ['routes'],
				paths: [guardsRule],
				patterns: order.slice(at + 1).map((later) => ({
					regex: `^(~/features/|\\.\\./)${later}/`,
					message: `features/${domain} may not import features/${later}: a domain imports only the domains before it (${order.join(' → ')}; decision 045).`,
				})),
			},
		]),
	)
}

/**
 * One config per app folder: the forms rule, the API kept out, and the layers it may not reach;
 * then the same for its server code (`*.server.ts`, route modules) with the parsing rule. A folder
 * names the layers it may not import, or `{ forbidden, paths, patterns }` with more restricted
 * imports of its own (the guards, the order of the domains).
 */
function layers(folders) {
	const config = (files, { forbidden = [], paths = [], patterns = [] }, rules, ignores) => ({
		files,
		ignores,
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: [...rules, ...paths],
					patterns: [
						{
							regex: '^(\\.\\./)+api/',
							message: 'The app reaches the API over HTTP only, never by import.',
						},
						...forbidden.map((layer) => ({
							regex: `^(~/|(\\.\\./)+)${layer}/`,
							message: `${files[0].split('/')[1]} may not import from ${layer} (layers: routes → features → platform; ui beside platform).`,
						})),
						...patterns,
					],
				},
			],
		},
	})
	return Object.entries(folders).flatMap(([files, entry]) => {
		const restricted = Array.isArray(entry) ? { forbidden: entry } : entry
		const server = files.startsWith('app/routes/')
			? [files]
			: [
					files.replace(/\*\*$|\{ts,tsx\}$/, (end) =>
						end === '**' ? '**/*.server.ts' : 'server.ts',
					),
				]
		return [
			config(
				[files],
				restricted,
				[formsRule, linkRule],
				['app/ui/use-form.ts', 'app/ui/link.tsx', 'app/ui/link.test.tsx'],
			),
			config(
				server,
				restricted,
				[formsRule, linkRule, parseRule],
				[
					'app/ui/use-form.ts',
					'app/ui/link.tsx',
					'app/ui/link.test.tsx',
					'app/platform/own-fields.ts',
				],
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
	pure: ['api/src/*/present.ts', 'api/src/*/schemas.ts', 'api/src/scores/grades.ts'],
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
// contract/ (decision 048) is pure: every layer of the API may import it, as the app does.
const CONTRACT = '(\\.\\./)+contract/'
// Only app.ts mounts a domain's routes (an organization's own areas too: decision 060).
const routesImport = apiImport(
	'^\\.\\.?/(.+/)?([\\w-]+-)?routes\\.ts$',
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
/**
 * A route file declares its calls (decision 060): each reads the request, calls its domain's
 * services and answers. What a call does beyond that lives in a service, so a route file holds no
 * function but its router factory (route declarations built by a function are allowed: an arrow
 * whose body is the declaration), no loop and no transaction.
 */
const ROUTES_DECLARE =
	"A route file declares calls: read the request, call the domain's services, answer. Move this to a service of the domain (decision 060)."
const routeSyntax = [
	{
		selector:
			'FunctionDeclaration:not(Program > ExportNamedDeclaration > FunctionDeclaration[id.name=/Routes$/])',
		message: ROUTES_DECLARE,
	},
	{
		selector:
			"VariableDeclarator > ArrowFunctionExpression:not([body.type='ObjectExpression'], [body.type='TSAsExpression'])",
		message: ROUTES_DECLARE,
	},
	{ selector: 'VariableDeclarator > FunctionExpression', message: ROUTES_DECLARE },
	{
		selector:
			':matches(ForStatement, ForOfStatement, ForInStatement, WhileStatement, DoWhileStatement)',
		message: ROUTES_DECLARE,
	},
	{ selector: "CallExpression[callee.property.name='transaction']", message: ROUTES_DECLARE },
]
export const apiRouteFiles = ['api/src/*/routes.ts', 'api/src/*/*-routes.ts']

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
	// Route files declare calls (decision 060).
	{
		files: apiRouteFiles,
		ignores: ['api/src/test-hooks/**'],
		rules: { 'no-restricted-syntax': ['error', ...strippableSyntax, ...apiSql, ...routeSyntax] },
	},
	apiLayer(api.repositories, {
		sql: true,
		patterns: [
			apiImport(
				`^(?!\\.\\./(db|schema)\\.ts$|\\.\\./platform/|(\\.|\\.\\./[\\w-]+)/(repository|schemas)\\.ts$|${CONTRACT})\\.\\.?/`,
				'A repository imports only repositories, schemas, platform/, db.ts and schema.ts: no service, route or present.ts',
			),
		],
	}),
	apiLayer(api.pure, {
		paths: [kyselySql],
		patterns: [
			apiImport(
				`^(?!\\.\\./schema\\.ts$|\\.\\./platform/|(\\.|\\.\\./[\\w-]+)/(present|schemas|time|grades)\\.ts$|${CONTRACT})\\.\\.?/`,
				'present.ts and schemas.ts are pure: they import no repository or service, only present.ts, schemas.ts, platform/ and contract/',
			),
		],
	}),
	apiLayer(api.platform, {
		paths: [kyselySql],
		patterns: [
			apiImport(
				'^\\.\\./(?!(db|schema)\\.ts$|\\.\\./)',
				'platform/ imports no domain: only itself, db.ts, schema.ts and packages',
			),
		],
	}),
]

/**
 * The domains of api/src in order (decision 060), like the app's `domainOrder`: a domain's
 * services, repositories, schemas and present.ts import only the domains before it, types included,
 * so no import circle runs through two domains. Its calls (`routes.ts`, `*-routes.ts`) are the top
 * layer, as the app's route modules are: app.ts alone mounts them, and they may call any domain.
 * Seeds, test hooks and tests fill or check the database and may reach any domain.
 */
export const apiDomainOrder = [
	'pdf',
	'files',
	'mail',
	'account',
	'users',
	'courses',
	'departments',
	'organizations',
	'auth',
	'sso',
	'roster',
	'scores',
	'exports',
	'qa',
	'quizzes',
	'tasks',
	'resources',
	'schedules',
	'calendar',
	'reminders',
	'payments',
	'announcements',
	'certificates',
	'report-cards',
	'rooms',
]

/** Not bound by the order: the calls (the top layer), and what fills or checks the database. */
export const apiUnordered = [
	'api/src/*/routes.ts',
	'api/src/*/*-routes.ts',
	'api/src/*/seed.ts',
	'api/src/*/test-hooks.ts',
	'api/src/*/*.test.ts',
]

/** The API imports nothing from the app; each domain's folder refuses the domains after it. */
function apiDomains(order) {
	const fromTheApp = {
		regex: '^(~/|(\\.\\./)+app/)',
		message: 'The API imports nothing from the app.',
	}
	const rule = (patterns) => ({
		'no-restricted-imports': ['error', { patterns: [fromTheApp, ...patterns] }],
	})
	return [
		{ files: ['api/**/*.ts'], rules: rule([]) },
		...order.map((domain, at) => ({
			files: [`api/src/${domain}/**/*.ts`],
			ignores: apiUnordered,
			rules: rule(
				order.slice(at + 1).map((later) => ({
					regex: `^\\.\\./${later}/`,
					message: `api/src/${domain} may not import api/src/${later}, not even a type: a domain imports only the domains before it (apiDomainOrder in eslint.config.js; decision 060).`,
				})),
			),
		})),
	]
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
			// `import { type X } from './schema'` keeps the module (verbatimModuleSyntax): a page
			// importing only a form's types pulled the schema, and zod with it, into its JavaScript.
			'@typescript-eslint/no-import-type-side-effects': 'error',
		},
	},
	// The layers (decision 028): routes → features → platform, ui beside platform; the app and the
	// API share nothing. Each folder's rule lists what it may not import; ESLint keeps one
	// no-restricted-imports per file, so every folder's entry also carries the forms rule.
	...layers({
		'app/platform/**': ['features', 'routes', 'ui'],
		'app/ui/**': ['features', 'routes'],
		'app/features/**': { forbidden: ['routes'], paths: [guardsRule] },
		...domains(domainOrder),
		'app/routes/**': [],
		'app/routes/{student,teacher,organization,conference}/**': { paths: [guardsRule] },
		'app/*.{ts,tsx}': [],
	}),
	...apiDomains(apiDomainOrder),
	// The rules both sides of the contract state, written once (decision 048): the app and the API
	// import them, so they are pure TypeScript that Node can strip, with zod as their one package.
	// Nothing here reaches the app, the API, Node, the browser or React.
	{
		files: ['contract/**'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							regex: '^(?!zod$|\\./)',
							message:
								'contract/ imports only zod and its own modules: no app/, api/, node:, React or other package (decision 048).',
						},
					],
				},
			],
			'no-restricted-globals': [
				'error',
				...['process', 'fetch', 'Buffer', 'window', 'document', 'localStorage'].map((name) => ({
					name,
					message: 'contract/ holds pure rules: no I/O, no Node or browser state (decision 048).',
				})),
			],
		},
	},
	// Node runs the API's TypeScript itself by stripping the types (no tsx, no build step: decision
	// 016), which only works for syntax that erases: no parameter properties, enums or namespaces.
	{
		files: ['api/**/*.ts', 'reporting/**/*.ts', 'conformance/**/*.ts', 'contract/**/*.ts'],
		rules: {
			'@typescript-eslint/parameter-properties': ['error', { prefer: 'class-property' }],
			'no-restricted-syntax': ['error', ...strippableSyntax],
		},
	},
	...apiLayers,
	// No import circle in the API (issue 30, decision 044): a cycle is how platform/ came to lean on
	// the domains. Kept in its own block, apart from the API's layer rules. The API imports with
	// explicit `.ts` extensions, which Node's own resolution finds as written.
	{
		files: ['api/**/*.ts'],
		plugins: { 'import-x': importX },
		settings: {
			'import-x/extensions': ['.ts'],
			'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
			'import-x/resolver-next': [createNodeResolver()],
		},
		rules: { 'import-x/no-cycle': 'error' },
	},
	linguiRules,
	{ languageOptions: { globals: { ...globals.node, ...globals.browser } } },
)
