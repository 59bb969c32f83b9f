/**
 * /messages: the signed-in family's or tutor's conversations, newest first, and the open one
 * (`?c=`, so a reload or a link reopens it). On a phone the list and the thread take turns. The
 * page keeps itself current from the inbox state (conversations-api.ts): a new message appears
 * without a reload and is announced in a live region; opening a thread marks it read.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
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
      <p className="pre-line message-text">{message.text}</p>
      {message.masked && <p className="message-note">{t('thread.masked')}</p>}
      <span className="message-meta muted">
        {relativeTime(message.sentAt)}
        {receipt && ` · ${t(receipt === 'read' ? 'thread.read' : 'thread.sent')}`}
      </span>
    </li>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const t = useConversationsText();
  const send = useSendMessage(conversationId);
  const [text, setText] = useState('');
  // One id per typed message, kept until stored: pressing Send again after a failure stores it once.
  const clientId = useRef(newClientId());
  const input = useRef<HTMLTextAreaElement>(null);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || send.isPending) return;
    send.mutate({ clientId: clientId.current, text }, {
      onSuccess: () => {
        setText('');
        clientId.current = newClientId();
        input.current?.focus();
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) submit(event);
  };
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
      <Button type="submit" busy={send.isPending} disabled={!text.trim()}>{t('composer.send')}</Button>
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
