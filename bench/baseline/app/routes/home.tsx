export function meta() {
	return [{ title: 'Baseline' }, { name: 'description', content: 'A bare React Router page.' }]
}

export default function Home() {
	return (
		<main>
			<h1>Baseline</h1>
			<p>A bare React Router app: one route, no data, no Sentry.</p>
		</main>
	)
}
