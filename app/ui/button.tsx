/* eslint-disable lingui/no-unlocalized-strings -- class lists only; a button's words come from its caller */
import type { ButtonHTMLAttributes } from 'react'

const variants = {
	primary: 'bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-indigo-400',
	secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
	danger: 'bg-red-700 text-white hover:bg-red-800',
	link: 'text-indigo-700 underline hover:text-indigo-900',
} as const

export function buttonClass(variant: keyof typeof variants = 'primary') {
	return `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 ${variants[variant]}`
}

export function Button({
	variant = 'primary',
	className = '',
	type = 'submit',
	...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants }) {
	return <button type={type} className={`${buttonClass(variant)} ${className}`} {...props} />
}
