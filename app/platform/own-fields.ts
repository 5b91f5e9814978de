import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'

// Shared by the server's actions (through form.server.ts) and the pure parsers of big forms (the
// score grid, the test editor) that run on both sides.

/** The top-level field names a schema reads; null when it cannot tell (then nothing is left out). */
function fieldNamesOf(schema: unknown): Set<string> | null {
	if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape))
	const parts =
		schema instanceof z.ZodUnion
			? schema.options
			: schema instanceof z.ZodIntersection
				? [schema._zod.def.left, schema._zod.def.right]
				: schema instanceof z.ZodPipe
					? [schema.in]
					: null
	if (!parts) return null
	const names = new Set<string>()
	for (const part of parts) {
		const own = fieldNamesOf(part)
		if (!own) return null
		for (const name of own) names.add(name)
	}
	return names
}

/** `questions` of `questions[3].text`, `profile` of `profile.name`. */
const topName = (name: string) => /^[^.[]*/.exec(name)?.[0] ?? name

/**
 * conform's parseWithZod over only the fields the schema reads (and conform's own `__…` ones):
 * its answer echoes every field it was given back to the page, so a form of someone else's making
 * gets back no more than the form's own fields (issue 29).
 */
export function parseForm<Schema extends z.ZodType>(
	formData: FormData,
	options: { schema: Schema; disableAutoCoercion?: boolean },
) {
	const names = fieldNamesOf(options.schema)
	if (!names) return parseWithZod(formData, options)
	const own = new FormData()
	for (const [name, value] of formData) {
		if (name.startsWith('__') || names.has(topName(name))) own.append(name, value)
	}
	return parseWithZod(own, options)
}
