import { useState } from 'react';
import { Button } from './Button';

/** Copies `text` to the clipboard and says so for a moment. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
    window.setTimeout(() => setCopied('idle'), 2000);
  };
  return (
    <Button variant="secondary" onClick={() => void copy()} aria-live="polite">
      {copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed: select and copy it' : label}
    </Button>
  );
}
