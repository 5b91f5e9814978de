import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { useLocation } from 'react-router'
import { LOCALE_NAMES, LOCALES } from '../../contract/locales'

/**
 * The language of the pages (decision 063): a plain form, so it works before any script. A visitor's
 * choice is kept in a cookie; a signed-in person's becomes their profile's language (mails follow
 * it), an organization's its default for its members.
 */
export function LanguageSwitcher() {
	const { t, i18n } = useLingui()
	const id = useId()
	const { pathname, search } = useLocation()
	return (
		<form method="post" action="/language" className="flex flex-wrap items-center gap-2">
			<input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
			<label htmlFor={id} className="text-sm text-slate-600">
				{t`Language`}
			</label>
			<select
				id={id}
				name="locale"
				defaultValue={i18n.locale}
				className="rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
			>
				{LOCALES.map((locale) => (
					<option key={locale} value={locale} lang={locale}>
						{LOCALE_NAMES[locale]}
					</option>
				))}
			</select>
			<button
				type="submit"
				className="rounded border border-slate-300 bg-white px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
			>
				{t`Change language`}
			</button>
		</form>
	)
}
