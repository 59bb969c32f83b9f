/**
 * /ai-study-assistant: a chat with the four assistant types, the 8
 * subjects and the three difficulties. "AI is thinking..." while waiting; an empty or whitespace
 * message is not sent; the input is locked while waiting (and keeps its text when sending
 * fails). Replies are formatted safely (shared/ui/RichText); a generated quiz is played here
 * (QuizPlayer). The student's conversations are kept by the server: the sidebar lists them, the
 * open one is in the address (`?c=`), so a reload reopens it.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ASSISTANT_SUBJECTS, ASSISTANT_TYPES, CHAT_LIMITS, DIFFICULTIES, type AssistantSubjectName, type AssistantTypeName, type DifficultyName,
} from '@functions/ai/catalog';
import type { ChatMessage, ConversationSummary } from '@functions/ai/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { relativeTime } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { SelectField } from '../../shared/ui/fields';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useLearnerScope } from '../households';
import { conversationQuery, conversationsQuery, useDeleteConversation, useSendChatMessage } from './assistant-api';
import { useAssistantText } from './assistant-text';
import { QuizPlayer } from './QuizGame';
import { RichText } from '../../shared/ui/RichText';
import { useAiText } from './text';
import './ai.css';
import './assistant.css';

interface Choice {
  type: AssistantTypeName;
  subject: AssistantSubjectName;
  difficulty: DifficultyName;
}

export function AssistantPage() {
  const t = useAssistantText();
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('c') ?? undefined;
  /** The choices a new conversation starts with, when it was started by changing them in another. */
  const [startChoice, setStartChoice] = useState<Choice | null>(null);
  const open = (id?: string) => {
    setStartChoice(null);
    setParams(id ? { c: id } : {});
  };
  const startNew = (choice: Choice) => {
    setStartChoice(choice);
    setParams({});
  };
  /** The reply whose quiz is being played (one at a time: the game listens to the whole window's keys). */
  const [playing, setPlaying] = useState<string | null>(null);

  return (
    <DashboardShell>
      <div className="dashboard-title ai-title">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </div>
      <div className="assistant-layout">
        <Conversations openId={conversationId} onOpen={open} />
        <Chat key={conversationId ?? 'new'} conversationId={conversationId} onOpen={open} onStartNew={startNew} startChoice={startChoice}
          playing={playing} onPlay={setPlaying} />
      </div>
    </DashboardShell>
  );
}

function Conversations({ openId, onOpen }: { openId: string | undefined; onOpen: (id?: string) => void }) {
  const scope = useLearnerScope();
  const list = useQuery({ ...conversationsQuery(scope.learnerId), enabled: scope.ready });
  const remove = useDeleteConversation(scope.learnerId);
  const toast = useToast();
  const t = useAssistantText();
  const ai = useAiText();

  const deleteOne = (conversation: ConversationSummary) => {
    remove.mutate(conversation.id, {
      onSuccess: () => {
        toast.success(t('history.deleted'));
        if (conversation.id === openId) onOpen();
      },
      onError: (error) => toast.error(reasonOf(error)),
    });
  };

  return (
    <nav className="card assistant-history" aria-labelledby="assistant-history-title">
      <div className="assistant-history-top">
        <h2 id="assistant-history-title">{t('history.title')}</h2>
        <Button size="sm" variant="secondary" onClick={() => onOpen()} aria-current={openId ? undefined : 'page'}>
          {t('history.new')}
        </Button>
      </div>
      {list.isPending ? (
        <InlineLoading label={t('history.loading')} />
      ) : !list.data ? (
        <LoadError title={t('history.error')} look="inline" onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.length === 0 ? (
        <p className="muted">{t('history.empty', { days: CHAT_LIMITS.keepDays, count: CHAT_LIMITS.conversationsKept })}</p>
      ) : (
        <ul className="assistant-history-list">
          {list.data.map((conversation) => (
            <li key={conversation.id} className={conversation.id === openId ? 'assistant-history-open' : undefined}>
              <button
                type="button"
                className="assistant-history-item"
                aria-current={conversation.id === openId ? 'page' : undefined}
                onClick={() => onOpen(conversation.id)}
              >
                <strong>{conversation.title}</strong>
                <span className="muted">
                  {ai(`subject.${conversation.subject}`)} · {relativeTime(conversation.updatedAt)}
                </span>
              </button>
              <Button
                size="sm"
                variant="ghost"
                className="assistant-delete"
                aria-label={t('history.deleteLabel', { title: conversation.title })}
                busy={remove.isPending && remove.variables === conversation.id}
                onClick={() => deleteOne(conversation)}
              >
                {t('history.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

const DEFAULT_CHOICE: Choice = { type: 'homework_help', subject: 'Mathematics', difficulty: 'medium' };

function Chat({ conversationId, onOpen, onStartNew, startChoice, playing, onPlay }: {
  conversationId: string | undefined;
  onOpen: (id?: string) => void;
  /** Leaves this conversation for a new one with these choices. */
  onStartNew: (choice: Choice) => void;
  startChoice: Choice | null;
  playing: string | null;
  onPlay: (id: string | null) => void;
}) {
  const scope = useLearnerScope();
  const saved = useQuery({ ...conversationQuery(conversationId ?? '', scope.learnerId), enabled: Boolean(conversationId) && scope.ready });
  const send = useSendChatMessage(scope.learnerId);
  const toast = useToast();
  const [choice, setChoice] = useState<Choice>(() => (conversationId ? DEFAULT_CHOICE : startChoice ?? DEFAULT_CHOICE));
  const [draft, setDraft] = useState('');
  const [quota, setQuota] = useState<{ message: string; resetsAt: string } | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const t = useAssistantText();
  const ai = useAiText();

  // A conversation opened from the list continues with the choices of its last message.
  const conversation = saved.data;
  useEffect(() => {
    if (conversation) setChoice({ type: conversation.type, subject: conversation.subject, difficulty: conversation.difficulty });
  }, [conversation?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- only when another conversation loads

  const waiting = send.isPending;
  const prompt = draft.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!prompt || waiting) return;
    send.mutate({ ...choice, prompt, ...(conversationId ? { conversationId } : {}) }, {
      onSuccess: (answer) => {
        setDraft('');
        setQuota(null);
        if (answer.reply.quiz) onPlay(answer.reply.id);
        if (!conversationId) onOpen(answer.conversation.id);
      },
      onError: (error) => {
        const details = error instanceof ApiError ? (error.details as { resetsAt?: string } | undefined) : undefined;
        if (error instanceof ApiError && error.status === 429 && details?.resetsAt) setQuota({ message: error.message, resetsAt: details.resetsAt });
        else toast.error(error instanceof ApiError && error.fromServer ? error.message : t('chat.failed'));
      },
    });
  };

  // Back to the box once the answer is in (it was disabled while waiting, which drops focus),
  // unless a quiz opened: its first question has focus so the A–D keys reach it.
  useEffect(() => {
    if (!waiting && !playing) input.current?.focus({ preventScroll: true });
  }, [waiting]); // eslint-disable-line react-hooks/exhaustive-deps -- only as waiting ends

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const messages = conversation?.messages ?? [];
  const over = draft.length > CHAT_LIMITS.prompt;
  /**
   * A conversation is about one kind of help on one subject (its label says which): another type or
   * subject starts a new conversation rather than continuing this one under a new label. The
   * difficulty may change within a conversation.
   */
  const choose = (next: Choice) => {
    if (conversation && (next.type !== conversation.type || next.subject !== conversation.subject)) onStartNew(next);
    else setChoice(next);
  };

  return (
    <section className="card assistant-chat" aria-labelledby="assistant-chat-title">
      <h2 id="assistant-chat-title" className="visually-hidden">
        {conversation ? conversation.title : t('history.new')}
      </h2>
      <div className="assistant-choices">
        <SelectField id="assistant-type" label={t('choice.type')} value={choice.type} disabled={waiting}
          onChange={(event) => choose({ ...choice, type: event.target.value as AssistantTypeName })}>
          {ASSISTANT_TYPES.map((type) => <option key={type} value={type}>{t(`type.${type}`)}</option>)}
        </SelectField>
        <SelectField id="assistant-subject" label={t('choice.subject')} value={choice.subject} disabled={waiting}
          onChange={(event) => choose({ ...choice, subject: event.target.value as AssistantSubjectName })}>
          {ASSISTANT_SUBJECTS.map((subject) => <option key={subject} value={subject}>{ai(`subject.${subject}`)}</option>)}
        </SelectField>
        <SelectField id="assistant-difficulty" label={t('choice.difficulty')} value={choice.difficulty} disabled={waiting}
          onChange={(event) => choose({ ...choice, difficulty: event.target.value as DifficultyName })}>
          {DIFFICULTIES.map((difficulty) => <option key={difficulty} value={difficulty}>{ai(`difficulty.${difficulty}`)}</option>)}
        </SelectField>
      </div>
      {conversation && <p className="muted assistant-choices-note">{t('choice.newThread')}</p>}
      {!conversationId && startChoice && (
        <p className="assistant-choices-note" role="status">
          {t('choice.started', { type: t(`type.${choice.type}`), subject: ai(`subject.${choice.subject}`) })}
        </p>
      )}

      <div className="assistant-log" role="log" aria-label={t('log.label')}>
        {conversationId && saved.isPending ? (
          <InlineLoading label={t('log.loading')} />
        ) : conversationId && !conversation && saved.error instanceof ApiError && saved.error.namesNothing ? (
          <div className="assistant-empty" role="alert">
            <p>{t('log.notFound')}</p>
            <Button size="sm" variant="secondary" onClick={() => onOpen()}>{t('log.startNew')}</Button>
          </div>
        ) : conversationId && !conversation ? (
          <LoadError title={t('log.error')} look="block" onRetry={() => void saved.refetch()} retrying={saved.isFetching} />
        ) : messages.length === 0 && !waiting ? (
          <div className="assistant-empty">
            <p><strong>{t('log.empty')}</strong></p>
            <p className="muted">{t(`starter.${choice.type}`)}</p>
          </div>
        ) : (
          messages.map((message) => (
            <Message key={message.id} message={message} playing={playing === message.id} onPlay={onPlay} />
          ))
        )}
        {waiting && (
          <>
            <div className="assistant-message assistant-user assistant-pending">{prompt}</div>
            <p className="assistant-thinking" role="status">{t('log.thinking')}</p>
          </>
        )}
      </div>

      {quota && (
        <div className="assistant-quota" role="alert">
          <p>{quota.message}</p>
          <p className="muted">{t('quota.again', { when: relativeTime(quota.resetsAt) })}</p>
        </div>
      )}

      <form className="assistant-form" onSubmit={submit}>
        <label htmlFor="assistant-input" className="visually-hidden">{t('input.label')}</label>
        <textarea
          id="assistant-input"
          ref={input}
          value={draft}
          rows={3}
          disabled={waiting}
          placeholder={t(`starter.${choice.type}`)}
          aria-describedby="assistant-input-hint"
          aria-invalid={over || undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="assistant-form-bottom">
          <span id="assistant-input-hint" className={`muted${over ? ' assistant-over' : ''}`}>
            {over ? t('input.tooLong', { max: CHAT_LIMITS.prompt }) : t('input.hint', { length: draft.length, max: CHAT_LIMITS.prompt })}
          </span>
          <Button type="submit" busy={waiting} disabled={!prompt || over}>
            {t('input.send')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Message({ message, playing, onPlay }: { message: ChatMessage; playing: boolean; onPlay: (id: string | null) => void }) {
  const t = useAssistantText();
  const ai = useAiText();
  if (message.type === 'user') {
    return (
      <div className="assistant-message assistant-user">
        <span className="visually-hidden">{t('message.you')}</span>
        {message.content}
        {message.asked && (
          <span className="assistant-asked">
            {t(`type.${message.asked.type}`)} · {ai(`subject.${message.asked.subject}`)} · {ai(`difficulty.${message.asked.difficulty}`)}
          </span>
        )}
      </div>
    );
  }
  const quiz = message.quiz;
  return (
    <div className="assistant-message assistant-ai">
      <span className="visually-hidden">{t('message.assistant')}</span>
      <RichText text={message.content} />
      {quiz && (playing ? (
        <div className="assistant-quiz ai-game">
          <QuizPlayer subject={quiz.subject} questions={quiz.questions} onBack={() => onPlay(null)} backLabel={t('quiz.close')} autoFocus />
        </div>
      ) : (
        <Button size="sm" onClick={() => onPlay(message.id)}>
          {t('quiz.play', { count: quiz.questions.length })}
        </Button>
      ))}
    </div>
  );
}
