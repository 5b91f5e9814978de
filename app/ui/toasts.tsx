import { useEffect, useRef, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { i18n } from '~/platform/i18n'
import type { AppToast } from '~/platform/toast'
import { toastActionLabels } from '~/platform/toast-labels'
import { loadSonner, showToast, type Sonner } from '~/platform/sonner'

function show(item: AppToast) {
	showToast((toast) => showOne(toast, item))
}

function showOne(showToast: Sonner['toast'], item: AppToast) {
	const id = showToast[item.type](item.title, {
		description: item.description,
		duration: item.duration ?? 4000,
		action: item.action
			? {
					label: i18n._(toastActionLabels[item.action.label]),
					onClick: () => {
						if (item.action?.label === 'Dismiss') showToast.dismiss(id)
						else if (item.action?.href) window.location.assign(item.action.href)
						else window.location.reload()
					},
				}
			: undefined,
	})
}

/**
 * Toasts top-centre, dark, closable, at most 3 visible. Until the toast library has loaded after
 * hydration (and always with JavaScript off) the same messages render as plain page text with a
 * close control that needs no script.
 */
export function Toasts({ toasts }: { toasts: AppToast[] }) {
	const { t } = useLingui()
	const [sonner, setSonner] = useState<Sonner | null>(null)
	const shown = useRef(new WeakSet<AppToast[]>())
	useEffect(() => {
		let mounted = true
		void loadSonner().then((loaded) => mounted && setSonner(loaded))
		return () => {
			mounted = false
		}
	}, [])
	useEffect(() => {
		if (shown.current.has(toasts)) return
		shown.current.add(toasts)
		toasts.forEach(show)
	}, [toasts])

	if (!sonner) return toasts.length ? <StaticToasts toasts={toasts.slice(-3)} /> : null
	return (
		<sonner.Toaster
			position="top-center"
			theme="dark"
			closeButton
			visibleToasts={3}
			duration={4000}
			containerAriaLabel={t`Notifications`}
			toastOptions={{ closeButtonAriaLabel: t`Close` }}
		/>
	)
}

function StaticToasts({ toasts }: { toasts: AppToast[] }) {
	const { t } = useLingui()
	return (
		<section
			aria-label={t`Notifications`}
			className="pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4"
		>
			{/* The strip spans the page width; only the toasts themselves take clicks, not the header beside them. */}
			{toasts.map((item, index) => (
				<div key={index} className="pointer-events-auto w-full max-w-sm">
					<input
						id={`static-toast-${index}`}
						type="checkbox"
						className="peer sr-only"
						aria-label={t`Close notification`}
					/>
					<div
						role={item.type === 'error' ? 'alert' : 'status'}
						className="light-palette flex items-start gap-3 rounded-lg bg-slate-900 p-4 text-sm text-white shadow-lg peer-checked:hidden"
					>
						<div className="flex-1">
							<p className="font-semibold">{item.title}</p>
							{item.description ? (
								<p className="mt-1 whitespace-pre-line text-slate-200">{item.description}</p>
							) : null}
							{item.action && item.action.label !== 'Dismiss' ? (
								<a
									className="mt-2 inline-block font-semibold underline"
									href={item.action.href ?? ''}
								>
									{t(toastActionLabels[item.action.label])}
								</a>
							) : null}
						</div>
						<label
							htmlFor={`static-toast-${index}`}
							className="cursor-pointer px-1 text-slate-300 hover:text-white"
						>
							<span aria-hidden="true">×</span>
							<span className="sr-only">
								<Trans>Close</Trans>
							</span>
						</label>
					</div>
				</div>
			))}
		</section>
	)
}
