import { LockIcon, PaperclipIcon } from 'lucide-react'
import { businessDateTimeFormat } from '~/lib/business-time'
import { cn } from '~/lib/cn'

/** A message as the pages get it from the loader (dates as strings once serialised). */
export type ShownMessage = {
  id: string
  authorKind: 'client' | 'staff' | 'system' | 'email_unknown'
  authorName: string
  visibility: 'public' | 'internal'
  body: string
  source: 'portal' | 'email' | 'staff'
  createdAt: string | Date
  attachments: { id: string; fileName: string; contentType: string; size: number }[]
}

/** Images shown in the thread (from our own address); other files are links. */
const inlineImages = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * A ticket's thread, oldest first. `fileBase` is the address files are downloaded from (the client's
 * or the back office's); `ourSide` is the author kind drawn on the right (the viewer's side).
 */
export function TicketThread({
  messages,
  fileBase,
  audience,
}: {
  messages: readonly ShownMessage[]
  fileBase: string
  audience: 'client' | 'staff'
}) {
  return (
    <ol className="grid gap-4" aria-label="Messages, oldest first" data-testid="ticket-thread">
      {messages.map((message) => {
        const internal = message.visibility === 'internal'
        const fromStaff = message.authorKind === 'staff'
        const who =
          message.authorKind === 'system'
            ? 'Update'
            : audience === 'client' && fromStaff
              ? `${message.authorName} (support)`
              : message.authorName
        return (
          <li
            key={message.id}
            data-testid="ticket-message"
            className={cn(
              'grid min-w-0 gap-2 rounded-xl border p-4',
              internal ? 'border-amber-300 bg-amber-50 text-amber-950' : fromStaff ? 'bg-secondary' : 'bg-card',
              message.authorKind === 'system' && 'border-dashed bg-transparent text-muted-foreground',
            )}
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-semibold">{who}</span>
              {internal && (
                <span className="inline-flex items-center gap-1 font-semibold text-xs">
                  <LockIcon className="size-3" aria-hidden="true" />
                  Internal note: the client never sees it
                </span>
              )}
              <span className="text-muted-foreground text-xs">
                {businessDateTimeFormat.format(new Date(message.createdAt))}
                {message.source === 'email' ? ' · by e-mail' : ''}
              </span>
            </p>
            <p className="whitespace-pre-wrap break-words">{message.body}</p>
            {message.attachments.length > 0 && (
              <ul className="grid gap-2" aria-label="Files">
                {message.attachments.map((file) => {
                  const href = `${fileBase}/${file.id}`
                  return (
                    <li key={file.id} className="grid gap-2">
                      {inlineImages.has(file.contentType) && (
                        <img
                          src={href}
                          alt={file.fileName}
                          loading="lazy"
                          className="max-h-64 w-auto max-w-full rounded-md border object-contain"
                        />
                      )}
                      <a
                        href={href}
                        className="inline-flex min-h-11 items-center gap-1 break-all font-semibold text-primary text-sm underline"
                        download
                      >
                        <PaperclipIcon className="size-4 shrink-0" aria-hidden="true" />
                        {file.fileName}{' '}
                        <span className="font-normal text-muted-foreground">({sizeText(file.size)})</span>
                      </a>
                    </li>
                  )
                })}
              </ul>
            )}
          </li>
        )
      })}
    </ol>
  )
}
