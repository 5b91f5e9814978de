import { Trans } from '@lingui/react/macro'
import { buttonClass } from './button'

/**
 * A link that downloads a CSV export: a plain link (no client navigation), so it works the same
 * with JavaScript off; the server's `Content-Disposition` names the file.
 */
export function CsvDownload({ href, children }: { href: string; children: React.ReactNode }) {
	return (
		<a href={href} download className={buttonClass('secondary')}>
			{children}
			<span className="text-xs font-normal text-slate-600">
				<Trans>(CSV)</Trans>
			</span>
		</a>
	)
}
