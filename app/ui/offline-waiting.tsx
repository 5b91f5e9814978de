import { Plural } from '@lingui/react/macro'

/** How many of a form's changes wait on this device for the connection (none: nothing shown). */
export function OfflineWaiting({ waiting }: { waiting: number }) {
	if (!waiting) return null
	return (
		<p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
			<Plural
				value={waiting}
				one="One change is saved on this device and will be sent when you are back online."
				other="# changes are saved on this device and will be sent when you are back online."
			/>
		</p>
	)
}
