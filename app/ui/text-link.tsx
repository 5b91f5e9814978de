import type { LinkProps } from 'react-router'
import { Link } from '~/ui/link'

/** The look of a link inside text or beside a heading ("All test results", "Back to courses"). */
export const textLinkClass = 'font-semibold text-indigo-800 underline'

/**
 * A link in the text's flow, styled as every page's text links are; `className` adds classes of
 * its place (size, margin) before the link's own.
 */
export function TextLink({ className, ...props }: LinkProps) {
	return <Link {...props} className={className ? `${className} ${textLinkClass}` : textLinkClass} />
}
