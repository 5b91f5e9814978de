/**
 * An empty file input: the browser sends a nameless empty file, conform on the server undefined.
 * A schema's `z.preprocess(noFileChosen, …)` reads both as "no file chosen".
 */
export const noFileChosen = (value: unknown) =>
	value instanceof File && value.size === 0 && value.name === '' ? undefined : value
