import type { ReactNode } from 'react'

/**
 * The answer of a public verification page (a certificate, a report card): green when the
 * document is genuine, red when no document has the ID. Its heading names the page's verdict.
 */
export function Verdict({
	genuine,
	title,
	children,
}: {
	genuine: boolean
	title: string
	children: ReactNode
}) {
	return (
		<section
			aria-labelledby="verdict"
			className={
				genuine
					? 'flex flex-col gap-4 rounded-lg border-2 border-green-600 bg-green-50 p-6'
					: 'flex flex-col gap-3 rounded-lg border-2 border-red-600 bg-red-50 p-6'
			}
		>
			<h2
				id="verdict"
				className={`text-xl font-bold ${genuine ? 'text-green-900' : 'text-red-900'}`}
			>
				{title}
			</h2>
			{children}
		</section>
	)
}
