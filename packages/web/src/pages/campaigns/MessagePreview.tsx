import { useEffect, useState } from 'react';
import type { CampaignMessagePreview } from '@steward/data-client';
import { campaignProblem, useCampaignOperations } from './scheduler-data';

/** How long typing must pause before the preview is asked for again (ms). */
const PREVIEW_DELAY_MS = 400;

/**
 * The message as a sample consumer would receive it, rendered by the server exactly as the runner
 * renders it: the templates filled in, then the disclosure and the way to opt out it always adds.
 */
export function MessagePreview({ channel, subject, body }: { channel: 'email' | 'sms'; subject: string; body: string }) {
  const operations = useCampaignOperations();
  const [preview, setPreview] = useState<CampaignMessagePreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (body.trim() === '') {
      setPreview(null);
      setProblem(null);
      return undefined;
    }
    let current = true;
    const timer = setTimeout(() => {
      void (async () => {
        try {
          const rendered = await (await operations()).previewCampaignMessage({ channel, subject: subject.trim() === '' ? null : subject, body });
          if (!current) return;
          setPreview(rendered);
          setProblem(null);
        } catch (failure) {
          if (!current) return;
          setPreview(null);
          setProblem(campaignProblem(failure).message);
        }
      })();
    }, PREVIEW_DELAY_MS);
    // A later keystroke supersedes this preview: its answer, if it still comes, is dropped.
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [operations, channel, subject, body]);

  return (
    <section className="card message-preview" aria-labelledby="message-preview-title" aria-live="polite">
      <h4 className="card__title" id="message-preview-title">
        Preview for a sample consumer
      </h4>
      {problem !== null ? <p className="field__error">{problem}</p> : null}
      {preview === null && problem === null ? <p className="muted">Write the message to see it as the consumer will.</p> : null}
      {preview !== null ? (
        <div className="message-preview__text">
          {preview.subject !== null ? (
            <p>
              <strong>Subject:</strong> {preview.subject}
            </p>
          ) : null}
          <p className="message-preview__body">{preview.body}</p>
        </div>
      ) : null}
    </section>
  );
}
