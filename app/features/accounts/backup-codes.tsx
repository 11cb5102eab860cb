import { CopyIcon, DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { business } from '~/content/business'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'

/**
 * Backup codes, shown once right after they were made: the list, and a copy and a download of it.
 * The server never shows them again; new ones replace them all.
 */
export function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const [copied, setCopied] = useState(false)
  const text = `${business.name} backup codes for ${email}\nEach code works once.\n\n${codes.join('\n')}\n`
  const copy = async () => {
    await navigator.clipboard.writeText(text)
    setCopied(true)
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'backup-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <div className="grid gap-4">
      <FormMessage tone="notice">
        Save these backup codes now, somewhere other than your phone: this is the only time we show them. Each one signs
        you in once when you do not have your authenticator app.
      </FormMessage>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg border bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <CopyIcon aria-hidden="true" />
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download codes
        </Button>
      </div>
    </div>
  )
}
