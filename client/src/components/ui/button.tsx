import type { ButtonHTMLAttributes } from 'react';
import { focusRing } from './focus-ring';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'quietDanger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-blue-600 text-white hover:bg-blue-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-800 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  /** A removal inside a form (a question, an option): red words, no weight of their own. */
  quietDanger: 'text-red-700 hover:bg-red-50',
  link: 'text-blue-700 underline hover:text-blue-800',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2',
  lg: 'px-6 py-3',
};

/** The classes of a button, for a link that looks like one. */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `rounded-md font-medium disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${sizes[size]} ${focusRing} ${className}`.trim();
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A request is on its way: the button is disabled and announced busy. */
  pending?: boolean;
};

/** A button of the app's kinds; `pending` disables it and sets aria-busy while a request runs. */
export function Button({
  variant,
  size,
  pending = false,
  disabled,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass({ variant, size, className })}
    />
  );
}
