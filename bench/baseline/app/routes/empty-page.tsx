export default function EmptyPage() {
	return <p>Page</p>
}
