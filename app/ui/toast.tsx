import { cva, type VariantProps } from 'class-variance-authority'
import { XIcon } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { cn } from '~/lib/cn'

export function ToastProvider(props: React.ComponentProps<typeof ToastPrimitive.Provider>) {
  return <ToastPrimitive.Provider {...props} />
}

export function ToastViewport({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      className={cn(
        'fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-[26rem]',
        className,
      )}
      {...props}
    />
  )
}

const toastVariants = cva(
  [
    'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-background p-4 pe-12 text-foreground shadow-lg [--slide-from:translateX(calc(100%+1rem))]',
    'data-[state=closed]:animate-fade-out data-[state=open]:animate-slide-in',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none data-[swipe=end]:animate-toast-swipe-out',
  ],
  {
    variants: {
      variant: {
        default: 'border-border',
        success: 'border-success/40 border-l-4 border-l-success',
        destructive: 'border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={variant ?? 'default'}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    />
  )
}

export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title data-slot="toast-title" className={cn('font-semibold text-sm', className)} {...props} />
}

export function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn('mt-1 text-muted-foreground text-sm group-data-[variant=destructive]:text-white/90', className)}
      {...props}
    />
  )
}

export function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        'inline-flex h-9 shrink-0 items-center justify-center rounded-md border px-3 font-medium text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring group-data-[variant=destructive]:border-white/40 group-data-[variant=destructive]:hover:bg-white/10',
        className,
      )}
      {...props}
    />
  )
}

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label="Close notification"
      className={cn(
        'absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
        'group-data-[variant=destructive]:text-white/90 group-data-[variant=destructive]:hover:bg-white/15 group-data-[variant=destructive]:hover:text-white group-data-[variant=destructive]:focus-visible:outline-white',
        className,
      )}
      {...props}
    >
      <XIcon className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  )
}
