import babel from 'vite-plugin-babel'

/**
 * Lingui's macros (`<Trans>`, `t`, `msg`) compiled by its Babel plugin in the app's own files
 * before anything else reads them (decision 063). Lingui's native transform needs a binary npm
 * does not install here, and `@rolldown/plugin-babel` clashes with Babel 8's release candidates
 * in npm's peer resolution; vite-plugin-babel runs the same official Babel plugin. TypeScript and
 * JSX are only parsed here, left for Vite to compile.
 */
export function linguiMacros() {
	return babel({
		// With a query too: React Router splits a route's client loader into `…tsx?route-chunk=…`.
		include: /[\\/]app[\\/].*\.tsx?(\?.*)?$/,
		exclude: /node_modules/,
		babelConfig: {
			babelrc: false,
			configFile: false,
			parserOpts: { plugins: ['typescript', 'jsx'] },
			plugins: ['@lingui/babel-plugin-lingui-macro'],
		},
	})
}
