/**
 * /messages: the signed-in family's or tutor's conversations, newest first, and the open one
 * (`?c=`, so a reload or a link reopens it). On a phone the list and the thread take turns. The
 * page keeps itself current from the inbox state (conversations-api.ts): a new message appears
 * without a reload and is announced in a live region; opening a thread marks it read.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MAX_MESSAGE_LENGTH } from '@functions/conversations/catalog';
import type { ChatMessage, Conversation } from '@functions/conversations/contract';
import { reasonOf } from '../../shared/api';
import { relativeTime } from '../../shared/format';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { TextAreaField } from '../../shared/ui/fields';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import {
  conversationsQuery, newClientId, POLL_ON_PAGE_MS, threadQuery, useBlock, useInboxState, useMarkRead, useReport, useSendMessage,
} from './conversations-api';
import {
  ATTACH_ACCEPT, attachmentProblem, type AttachmentRef, fileSize, ThumbnailError, uploadAttachment,
} from './attachment-upload';
import { useConversationsText } from './text';
import './conversations.css';

const counterpart = (c: Conversation) => (c.side === 'family' ? c.tutor.name : c.family.name);

export function ConversationsPage() {
  const t = useConversationsText();
  useDocumentTitle(t('title'));
  const inbox = useInboxState(POLL_ON_PAGE_MS);
  const [params] = useSearchParams();
  const open = params.get('c') ?? undefined;
  return (
    <DashboardShell>
      {/* Above both panes (a phone shows one): once every retry failed, what is on screen may be out of date; sending still works. */}
      {inbox.isError && <p className="notice" role="alert">{t('inbox.failed')}</p>}
      <div className={`conversations ${open ? 'has-open' : ''}`}>
        <div className="conversations-side">
          <h1>{t('title')}</h1>
          <p className="muted">{t('lead')}</p>
          <ConversationList openId={open} />
        </div>
        <section className="conversations-thread">
          {open ? <Thread key={open} conversationId={open} /> : <p className="muted conversations-choose">{t('thread.choose')}</p>}
        </section>
      </div>
    </DashboardShell>
  );
}

function ConversationList({ openId }: { openId?: string }) {
  const t = useConversationsText();
  const list = useInfiniteQuery(conversationsQuery());
  if (list.isPending) return <InlineLoading label={t('list.loading')} />;
  if (list.isError) return <LoadError title={t('list.loadError')} look="inline" onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const conversations = list.data.pages.flatMap((p) => p.conversations);
  if (conversations.length === 0) return <p className="muted">{t('list.empty')}</p>;
  return (
    <nav aria-label={t('list.label')}>
      <ul className="conversation-list">
        {conversations.map((c) => (
          <li key={c.id}>
            <Link to={paths.messages(c.id)} className={`conversation-item ${c.id === openId ? 'is-open' : ''}`} aria-current={c.id === openId ? 'page' : undefined}>
              <span className="conversation-name">
                <strong>{counterpart(c)}</strong>
                <span className="muted">{relativeTime(c.lastMessageAt)}</span>
              </span>
              <span className="conversation-preview muted">{c.preview ?? t('list.noMessages')}</span>
              {c.unread > 0 && <span className="unread-badge">{t('list.unread', { count: c.unread })}</span>}
            </Link>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button size="sm" variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('list.more')}
        </Button>
      )}
    </nav>
  );
}

function Thread({ conversationId }: { conversationId: string }) {
  const t = useConversationsText();
  const thread = useInfiniteQuery(threadQuery(conversationId));
  const markRead = useMarkRead(conversationId);
  const conversation = thread.data?.pages[0]?.conversation;
  const unread = conversation?.unread ?? 0;
  // Read on open and whenever a message arrives while open.
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unread > 0) read();
  }, [unread, read]);

  if (thread.isPending) return <InlineLoading label={t('thread.loading')} />;
  if (thread.isError) return <LoadError title={t('thread.loadError')} look="inline" onRetry={() => void thread.refetch()} retrying={thread.isFetching} />;
  const c = thread.data.pages[0]!.conversation;
  // Pages are newest first; each page's messages oldest first.
  const messages = [...thread.data.pages].reverse().flatMap((p) => p.messages);
  const lastMine = [...messages].reverse().find((m) => m.mine);
  return (
    <div className="thread">
      <div className="thread-head">
        <Link to={paths.messages()} className="link-button thread-back">← {t('thread.back')}</Link>
        <h2>{counterpart(c)}</h2>
        <ThreadActions conversation={c} />
      </div>
      {thread.hasNextPage && (
        <Button size="sm" variant="ghost" busy={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
          {t('thread.earlier')}
        </Button>
      )}
      <ol className="messages" aria-label={t('thread.label', { name: counterpart(c) })} aria-live="polite" aria-relevant="additions">
        {messages.length === 0 && <li className="muted">{t('thread.empty')}</li>}
        {messages.map((m) => (
          <MessageBubble key={m.id} message={m} receipt={m === lastMine ? receiptOf(m, c) : undefined} name={m.mine ? t('thread.you') : counterpart(c)} />
        ))}
      </ol>
      {c.blockedByThem ? <p className="notice">{t('blocked.byThem')}</p>
        : c.blockedByMe ? <p className="notice">{t('blocked.byMe')}</p>
          : <Composer conversationId={conversationId} />}
    </div>
  );
}

const receiptOf = (m: ChatMessage, c: Conversation): 'read' | 'sent' => (c.otherReadAt && c.otherReadAt >= m.sentAt ? 'read' : 'sent');

function MessageBubble({ message, receipt, name }: { message: ChatMessage; receipt?: 'read' | 'sent'; name: string }) {
  const t = useConversationsText();
  return (
    <li className={`message ${message.mine ? 'mine' : 'theirs'}`}>
      <span className="visually-hidden">{name}: </span>
      {message.attachment && <AttachmentView attachment={message.attachment} />}
      {message.text && <p className="pre-line message-text">{message.text}</p>}
      {message.masked && <p className="message-note">{t('thread.masked')}</p>}
      <span className="message-meta muted">
        {relativeTime(message.sentAt)}
        {receipt && ` · ${t(receipt === 'read' ? 'thread.read' : 'thread.sent')}`}
      </span>
    </li>
  );
}

// Drawn inline (no emoji: phones without an emoji font show a box). 24×24 stroke paths as in shared/ui/Icon.
const PAPERCLIP = 'M21 11.5l-8.6 8.6a5.5 5.5 0 01-7.8-7.8l8.6-8.6a3.7 3.7 0 015.2 5.2l-8.6 8.6a1.8 1.8 0 01-2.6-2.6l7.9-7.9';
const DOCUMENT = 'M14 3H6v18h12V7zM14 3v4h4M9 13h6M9 17h6';
const Glyph = ({ path }: { path: string }) => (
  <svg className="glyph" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d={path} />
  </svg>
);

/** A picked file on its way: uploading, uploaded (its reference ready to send) or failed (Try again). */
type Pending =
  | { file: File; state: 'uploading'; fraction: number }
  | { file: File; state: 'ready'; ref: AttachmentRef }
  | { file: File; state: 'failed'; reason: string };

function AttachmentView({ attachment }: { attachment: NonNullable<ChatMessage['attachment']> }) {
  const t = useConversationsText();
  // Opened in a new tab: the signed link shows the full photo or the PDF in the browser's own viewer.
  if (attachment.thumbnailUrl) {
    return (
      <a className="message-photo" href={attachment.url} target="_blank" rel="noopener noreferrer">
        <img src={attachment.thumbnailUrl} alt={t('attach.photo', { name: attachment.name })} loading="lazy" />
      </a>
    );
  }
  return (
    <a className="message-file" href={attachment.url} target="_blank" rel="noopener noreferrer" aria-label={t('attach.file', { name: attachment.name, size: fileSize(attachment.size) })}>
      <Glyph path={DOCUMENT} />
      <span className="message-file-name">{attachment.name}</span>
      <span className="muted">{fileSize(attachment.size)}</span>
    </a>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const t = useConversationsText();
  const send = useSendMessage(conversationId);
  const [text, setText] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // One id per typed message, kept until stored: pressing Send again after a failure stores it once.
  const clientId = useRef(newClientId());
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const startUpload = (file: File) => {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setPending({ file, state: 'uploading', fraction: 0 });
    uploadAttachment(conversationId, file, (fraction) => {
      if (!controller.signal.aborted) setPending({ file, state: 'uploading', fraction });
    }, controller.signal).then(
      (ref) => {
        if (!controller.signal.aborted) setPending({ file, state: 'ready', ref });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setPending({ file, state: 'failed', reason: error instanceof ThumbnailError ? t('attach.thumbnail') : reasonOf(error) });
      },
    );
  };
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be picked again
    // Focus goes back to the message: the next thing to do is write it or press Send.
    input.current?.focus();
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) {
      setRefused(t(`attach.${problem}`));
      return;
    }
    setRefused(null);
    startUpload(file);
  };
  const removeAttachment = () => {
    upload.current?.abort();
    setPending(null);
    input.current?.focus();
  };

  const attachment = pending?.state === 'ready' ? pending.ref : undefined;
  const canSend = (text.trim().length > 0 || attachment !== undefined) && pending?.state !== 'uploading' && pending?.state !== 'failed';
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend || send.isPending) return;
    send.mutate({ clientId: clientId.current, ...(text.trim() ? { text } : {}), ...(attachment ? { attachment } : {}) }, {
      onSuccess: () => {
        setText('');
        setPending(null);
        clientId.current = newClientId();
        input.current?.focus();
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };
  const percent = pending?.state === 'uploading' ? Math.round(pending.fraction * 100) : 0;
  return (
    <form className="composer" onSubmit={submit}>
      <TextAreaField
        ref={input}
        id="message-text"
        label={t('composer.label')}
        hint={t('composer.hint', { max: MAX_MESSAGE_LENGTH })}
        error={send.isError ? t('composer.failed', { reason: reasonOf(send.error) }) : undefined}
        value={text}
        maxLength={MAX_MESSAGE_LENGTH}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-buttons">
        <input ref={picker} id="message-attachment" type="file" accept={ATTACH_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onPick} />
        <Button variant="secondary" aria-describedby="message-attachment-hint" disabled={pending?.state === 'uploading'} onClick={() => picker.current?.click()}>
          <Glyph path={PAPERCLIP} /> {t('attach.button')}
        </Button>
        <Button type="submit" busy={send.isPending} disabled={!canSend}>{t('composer.send')}</Button>
      </div>
      <p id="message-attachment-hint" className="composer-attach-hint muted">{t('attach.hint')}</p>
      {refused && <p className="field-error composer-attach-error" role="alert">{refused}</p>}
      {/* Announced once per state (ready, failed), not at every percent of the upload. */}
      <span className="visually-hidden" role="status">
        {pending?.state === 'ready' ? t('attach.ready', { name: pending.file.name })
          : pending?.state === 'failed' ? t('attach.failed', { name: pending.file.name, reason: pending.reason }) : ''}
      </span>
      {pending && (
        <div className="composer-attachment">
          <span className="composer-attachment-name" aria-hidden={pending.state !== 'uploading'}>
            {pending.state === 'uploading' ? t('attach.uploading', { name: pending.file.name, percent })
              : pending.state === 'ready' ? t('attach.ready', { name: pending.file.name })
                : t('attach.failed', { name: pending.file.name, reason: pending.reason })}
          </span>
          {pending.state === 'uploading' && <progress max={100} value={percent} aria-label={t('attach.uploading', { name: pending.file.name, percent })} />}
          {pending.state === 'failed' && (
            <Button size="sm" variant="secondary" onClick={() => startUpload(pending.file)}>{t('attach.retry')}</Button>
          )}
          <Button size="sm" variant="ghost" aria-label={t('attach.remove', { name: pending.file.name })} onClick={removeAttachment}>✕</Button>
        </div>
      )}
    </form>
  );
}

function ThreadActions({ conversation }: { conversation: Conversation }) {
  const t = useConversationsText();
  const toast = useToast();
  const block = useBlock(conversation.id);
  const report = useReport(conversation.id);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <div className="thread-actions">
      <Button size="sm" variant="ghost" busy={block.isPending} onClick={() => block.mutate(!conversation.blockedByMe)}>
        {conversation.blockedByMe ? t('unblock') : t('block')}
      </Button>
      {!reporting ? (
        <Button size="sm" variant="ghost" onClick={() => setReporting(true)}>{t('report.open')}</Button>
      ) : (
        <form
          className="report-form"
          onSubmit={(e) => {
            e.preventDefault();
            report.mutate(reason, {
              onSuccess: () => {
                toast.success(t('report.done'));
                setReporting(false);
              },
            });
          }}
        >
          <TextAreaField id="report-reason" label={t('report.reason')} value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.target.value)}
            error={report.isError ? reasonOf(report.error) : undefined} />
          <Button type="submit" size="sm" busy={report.isPending}>{t('report.send')}</Button>
          <Button size="sm" variant="ghost" onClick={() => setReporting(false)}>{t('report.cancel')}</Button>
        </form>
      )}
    </div>
  );
}
