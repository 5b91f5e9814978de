/** A refusal's text above what it concerns (a delete or publish that failed); nothing without one. */
export function ErrorAlert({ text }: { text: string | null | undefined }) {
	if (!text) return null
	return (
		<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
			{text}
		</p>
	)
}
