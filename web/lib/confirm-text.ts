/**
 * What a confirmation asks (issue 28 §2): the action, the record it applies to by its name or number, and the
 * money it moves in yuan — '确认驳回店铺"鲜果坊"？', '取消订单"2026…"（¥12.50）？', '确认删除选中的 3 条数据？'.
 */
import { fenToYuan } from "@/lib/money";

/** The operator's words (web/messages, namespace `confirm`). */
export interface ConfirmWords {
  /** 确认{action}{kind}"{name}"吗？ */
  named: (values: { action: string; kind: string; name: string }) => string;
  /** 确认{action}选中的 {count} 条数据吗？ */
  many: (values: { action: string; count: number }) => string;
  /** 涉及金额 ¥{amount} */
  amount: (values: { amount: string }) => string;
}

export interface ConfirmSubject {
  /** 删除, 驳回, 冻结… */
  action: string;
  /** what the record is: 用户, 店铺, 商品 (may be empty) */
  kind: string;
  /** the records' names or numbers (one per record; an unnamed one by its id) */
  names: readonly string[];
  /** the money the action moves, in fen */
  amountFen?: number | null;
  /** the declaration's own caution (取消后积分和库存将退回), said after the question */
  caution?: string | null;
}

/** The confirmation's text: the question naming the record(s), the amount, the declaration's caution. */
export function confirmText(words: ConfirmWords, subject: ConfirmSubject): string {
  const { action, kind, names } = subject;
  const parts = [names.length === 1 ? words.named({ action, kind, name: names[0] }) : words.many({ action, count: names.length })];
  if (subject.amountFen !== null && subject.amountFen !== undefined && Number.isSafeInteger(subject.amountFen)) {
    parts.push(words.amount({ amount: fenToYuan(subject.amountFen) }));
  }
  if (subject.caution) parts.push(subject.caution);
  return parts.join(" ");
}

/** A record's name for a confirmation: its naming field's value, else its id. */
export function recordName(row: Readonly<Record<string, unknown>>, labelField: string | null | undefined, id: unknown): string {
  const value = labelField ? row[labelField] : undefined;
  return value === null || value === undefined || value === "" ? String(id ?? "") : String(value);
}
