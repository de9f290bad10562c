"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { ArrowDownToLineIcon, ArrowUpToLineIcon, HistoryIcon, ListIcon, ZapIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { createContext, useContext, useMemo, useState } from "react";
import { toast } from "sonner";
import { useConfirm, useConfirmWords, useNamedRemove } from "@/components/confirm-provider";
import { CrudList, EditRemoveActions } from "@/components/data-table/crud-list";
import type { Features } from "@/components/data-table/features";
import { ToolbarButton } from "@/components/data-table/operations";
import { QueryDictSelect, QueryDraftRange, QueryInput } from "@/components/data-table/query-panel";
import { useList, useQueryDraft, useSelection } from "@/components/data-table/use-list";
import { DictTag } from "@/components/dict-tag";
import { useConsole } from "@/components/layout/console-context";
import { StoredImage } from "@/components/upload/image-upload";
import type { ResourceActionMeta, ResourceFieldMeta, ResourceRow, ResourceScreenData } from "@/lib/api/types";
import { answer, bff, done, type FieldRefusal, saveAs } from "@/lib/api/core";
import { confirmText, recordName } from "@/lib/confirm-text";
import { splitFiles } from "@/lib/files";
import { RequestError } from "@/lib/request";
import { ExportDialog } from "./export-dialog";
import { HistoryDialog } from "./history-dialog";
import { actionInitial, actionPayload, bodyOf, exportFileName, filterKeys, filterValues, formFields, linkHref, matchesWhen, moneyText, onShelf, resourceParsers, withoutOwnShop } from "./logic";
import { pickerOf, usePickers } from "./pickers";
import { MetaFormDialog } from "./resource-form";

const helper = createColumnHelper<Features, ResourceRow>();
const capital = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** A list cell from the declaration: dictionary tags, a thumbnail, money in yuan, text. */
function Cell({ field: f, value, dicts }: { field: ResourceFieldMeta; value: unknown; dicts: ResourceScreenData["dicts"] }) {
  if ((f.kind === "dict" || f.kind === "flag") && f.dictType) return <DictTag options={dicts[f.dictType]} value={value} />;
  if (f.kind === "image" || f.kind === "images") {
    const first = splitFiles(typeof value === "string" ? value : "")[0];
    return first ? <StoredImage path={first} alt={f.label} className="size-8 rounded object-cover" /> : null;
  }
  if (f.kind === "money") return <>{moneyText(value) && `¥${moneyText(value)}`}</>;
  if (f.kind === "richtext") return null;
  return <>{value === null || value === undefined ? "" : String(value)}</>;
}

/** What a row's operations do: the screen's handlers, read by the operations cell (the columns stay as declared). */
interface RowHandlers {
  openEdit: (id: number) => void;
  remove: (ids: number[]) => void;
  toggleShelf: (row: ResourceRow) => void;
  startAction: (action: ResourceActionMeta, row: ResourceRow) => void;
  showHistory: (id: number) => void;
}
const RowHandlersContext = createContext<RowHandlers | null>(null);

/** A row's operations: edit, remove, shelf, the declared row actions and the history. */
function RowOperations({ meta, record }: { meta: ResourceScreenData["meta"]; record: ResourceRow }) {
  const handlers = useContext(RowHandlersContext);
  const t = useTranslations("resource");
  const { entries } = useConsole();
  if (!handlers) throw new Error("RowOperations needs the resource list's handlers");
  const id = Number(record[meta.key]);
  return (
    <EditRemoveActions
      perm={meta.perm}
      onEdit={meta.editable ? () => handlers.openEdit(id) : undefined}
      onRemove={meta.removable ? () => handlers.remove([id]) : undefined}
      actions={[
        meta.shelf
          ? {
              perms: `${meta.perm}:shelf`,
              testId: "row-shelf",
              icon: onShelf(record[meta.shelf]) ? <ArrowDownToLineIcon /> : <ArrowUpToLineIcon />,
              label: onShelf(record[meta.shelf]) ? t("shelfOff") : t("shelfOn"),
              onClick: () => handlers.toggleShelf(record),
            }
          : null,
        ...meta.actions
          .filter((a) => a.row && matchesWhen(a.when, record) && (a.method !== "LINK" || linkHref(entries, a, record) !== null))
          .map((a) => ({ key: a.key, perms: a.perm, testId: `row-action-${a.key}`, icon: a.method === "LINK" ? <ListIcon /> : <ZapIcon />, label: a.label, onClick: () => handlers.startAction(a, record) })),
        { perms: `${meta.perm}:query`, testId: "row-history", icon: <HistoryIcon />, label: t("history"), onClick: () => handlers.showHistory(id) },
      ]}
    />
  );
}

/** The form of a new record (id null) or of an edited one: the declared fields less the caller's own shop. */
const formOf = (meta: ResourceScreenData["meta"], id: number | null) => formFields(withoutOwnShop(meta.fields, meta.ownShop), id === null ? "create" : "edit", meta.key);

type Dialog =
  | { kind: "form"; id: number | null; initial: ResourceRow | null }
  | { kind: "action"; action: ResourceActionMeta; row: ResourceRow }
  | { kind: "history"; id: number }
  | null;

/** The standard list of any declared resource: query panel, toolbar, columns, pager and its dialogs. */
export function ResourceList({ data }: { data: ResourceScreenData }) {
  const { meta, dicts } = data;
  const t = useTranslations("resource");
  const tl = useTranslations("list");
  const confirm = useConfirm();
  const words = useConfirmWords();
  const parsers = useMemo(() => resourceParsers(meta.fields), [meta]);
  const keys = useMemo(() => filterKeys(meta.fields), [meta]);
  const list = useList(parsers);
  const draft = useQueryDraft(list.query, keys, list.setQuery);
  const selection = useSelection(data.page.rows);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exportJob, setExportJob] = useState<number | null>(null);
  const router = useRouter();
  const { entries } = useConsole();
  const pickers = usePickers();
  const idOf = (row: ResourceRow) => Number(row[meta.key]);
  const view = { view: meta.view };
  const onRecord = (id: number) => ({ params: { query: { ...view, id } } });
  const toolbarActions = meta.actions.filter((a) => !a.row && (a.method !== "LINK" || linkHref(entries, a, {}) !== null));

  // a confirmation names the record (its name or number, else its id) and what kind of record it is
  const nameOf = (row: ResourceRow) => recordName(row, meta.labelField, row[meta.key]);
  const rowOf = (id: number) => data.page.rows.find((row) => idOf(row) === id);
  const removeNamed = useNamedRemove(meta.title, (id) => { const row = rowOf(id); return row ? nameOf(row) : undefined; }, (ids) => answer(bff.DELETE("/bff/resources/records", { params: { query: { ...view, ids } } })), list.refresh);
  const remove = (ids: number[]) => void removeNamed(ids);
  /** The confirmation of an action on a row: the record by name, the money it moves, the declaration's caution. */
  const actionText = (action: ResourceActionMeta, row: ResourceRow) =>
    confirmText(words, { action: action.label, kind: meta.title, names: [nameOf(row)], amountFen: action.amount ? Number(row[action.amount]) : null, caution: action.confirm });

  const openEdit = async (id: number) => {
    try {
      const { data: record } = await answer(bff.GET("/bff/resources/record", onRecord(id)));
      if (record) setDialog({ kind: "form", id, initial: record });
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };

  const toggleShelf = (row: ResourceRow) => {
    const action = onShelf(row[meta.shelf ?? ""]) ? t("shelfOff") : t("shelfOn");
    void confirm({ message: confirmText(words, { action, kind: meta.title, names: [nameOf(row)] }) }).then(async (yes) => {
      if (!yes) return;
      try {
        const shelved = await answer(bff.POST("/bff/resources/shelf", onRecord(idOf(row))));
        toast.success(shelved.msg ?? t("done"));
        list.refresh();
      } catch (error) {
        if (!(error instanceof RequestError)) throw error;
      }
    });
  };

  const runAction = async (action: ResourceActionMeta, row: ResourceRow, values: Record<string, unknown> = {}, refused?: FieldRefusal) => {
    const body = actionPayload(action, row, values);
    // an action with a form and a caution (money moved, not undone) asks once more, naming the record
    if ((action.fields ?? []).length > 0 && action.confirm && !(await confirm({ message: actionText(action, row) }))) return false;
    try {
      const acted = await answer(bff.POST("/bff/resources/action", { params: { query: { ...view, key: action.key } }, body }));
      toast.success(acted.msg ?? t("done"));
      list.refresh();
      return true;
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      if (refused && Object.keys(error.fields).length > 0) refused(error.fields);
      return false;
    }
  };

  const startAction = (action: ResourceActionMeta, row: ResourceRow) => {
    if (action.method === "LINK") {
      const href = linkHref(entries, action, row);
      return href ? router.push(href) : void toast.error(t("noPage"));
    }
    if ((action.fields ?? []).length > 0) return setDialog({ kind: "action", action, row });
    void confirm({ message: actionText(action, row) }).then((yes) => yes && runAction(action, row));
  };

  const listed = useMemo(() => meta.fields.filter((f) => f.listed), [meta]);
  const columns = useMemo(
    () =>
      helper.columns([
        ...listed.map((f) =>
          // a registered kind's value is shown as what the row carries beside it (a region's path, a shop's name)
          helper.accessor((row) => { const cell = pickerOf(pickers, f)?.cell; return cell ? cell(f, row) : row[f.name]; }, {
            id: f.name,
            header: f.label,
            meta: f.sortable ? { sortKey: f.name } : undefined,
            cell: (info) => <Cell field={f} value={info.getValue()} dicts={dicts} />,
          }),
        ),
        helper.display({
          id: "operations",
          header: tl("operations"),
          cell: ({ row }) => <RowOperations meta={meta} record={row.original} />,
        }),
      ]),
    [meta, dicts, tl, listed, pickers],
  );
  const choices = useMemo(() => listed.map((f) => ({ id: f.name, label: f.label })), [listed]);
  const rowHandlers: RowHandlers = { openEdit: (id) => void openEdit(id), remove, toggleShelf, startAction, showHistory: (id) => setDialog({ kind: "history", id }) };

  const filters = withoutOwnShop(meta.fields, meta.ownShop)
    .filter((f) => f.filter)
    .map((f) => {
      const Filter = pickerOf(pickers, f)?.Filter;
      if (Filter) return <Filter key={f.name} field={f} value={draft.draft[f.name] ?? ""} onChange={(v) => draft.set(f.name, v)} testId={`query-${f.name}`} />;
      if (f.filter === "range") {
        const begin = `begin${capital(f.name)}`;
        const end = `end${capital(f.name)}`;
        if (f.kind === "datetime" || f.kind === "date") return <QueryDraftRange key={f.name} label={f.label} draft={draft} begin={begin} end={end} />;
        return (
          <span key={f.name} className="contents">
            <QueryInput label={f.label} name={begin} value={draft.draft[begin]} onChange={(v) => draft.set(begin, v)} />
            <QueryInput label="~" name={end} value={draft.draft[end]} onChange={(v) => draft.set(end, v)} />
          </span>
        );
      }
      if ((f.kind === "dict" || f.kind === "flag") && f.dictType) {
        return <QueryDictSelect key={f.name} label={f.label} name={f.name} value={draft.draft[f.name]} onChange={(v) => draft.set(f.name, v)} options={dicts[f.dictType]} />;
      }
      return <QueryInput key={f.name} label={f.label} name={f.name} value={draft.draft[f.name]} onChange={(v) => draft.set(f.name, v)} />;
    });

  // stable while a dialog is open: the form resets only when it opens
  const recordFields = useMemo(() => (dialog?.kind === "form" ? formOf(meta, dialog.id) : []), [dialog, meta]);
  const actionStart = useMemo(() => (dialog?.kind === "action" ? actionInitial(meta.fields, dialog.action, dialog.row) : null), [dialog, meta]);
  const actionFields = useMemo(() => (dialog?.kind === "action" ? (dialog.action.fields ?? []) : []), [dialog]);
  const saveRecord = async (id: number | null, values: Record<string, unknown>, loaded: Record<string, unknown>, refused: FieldRefusal) => {
    const body = bodyOf(formOf(meta, id), values, id === null ? null : loaded);
    const ok = await done(id === null ? bff.POST("/bff/resources/record", { params: { query: view }, body }) : bff.PUT("/bff/resources/record", { params: { query: view }, body: { ...body, [meta.key]: id } }), refused);
    if (ok) {
      toast.success(id === null ? tl("added") : tl("updated"));
      list.refresh();
    }
    return ok;
  };

  // a background export: queued with the list's filters, followed in a progress dialog
  const startExport = async () => {
    try {
      const queued = await answer(bff.POST("/bff/resources/export/job", { params: { query: view }, body: filterValues(meta.fields, list.query) }));
      setExportJob(queued.data.jobId);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
    }
  };

  // the filtered list as one xlsx file, answered at once
  const exportFile = () =>
    saveAs(bff.POST("/bff/resources/export", { params: { query: view }, body: filterValues(meta.fields, list.query), parseAs: "stream" }), exportFileName(meta.name));

  return (
    <RowHandlersContext.Provider value={rowHandlers}>
      <CrudList
        testId="resource-screen"
        perm={meta.perm}
        list={list}
        selection={selection}
        onSearch={draft.search}
        onReset={draft.reset}
        filters={<>{filters}</>}
        columns={columns}
        choices={choices}
        rows={data.page.rows}
        total={data.page.total}
        after={data.page.next ?? null}
        getRowId={(row) => String(idOf(row))}
        onAdd={meta.creatable ? () => setDialog({ kind: "form", id: null, initial: null }) : undefined}
        addPerm={meta.addPerm ?? undefined}
        onEdit={meta.editable ? (id) => void openEdit(id) : undefined}
        onRemove={meta.removable ? remove : undefined}
        onExport={meta.exportable ? (meta.exportPath ? startExport : () => void exportFile()) : undefined}
        extraButtons={toolbarActions.map((a) => (
          <ToolbarButton key={a.key} perms={a.perm} testId={`toolbar-action-${a.key}`} icon={a.method === "LINK" ? <ListIcon /> : <ZapIcon />} label={a.label} onClick={() => startAction(a, {})} />
        ))}
      />
      <MetaFormDialog
        open={dialog?.kind === "form"}
        title={dialog?.kind === "form" && dialog.id !== null ? t("editTitle", { title: meta.title }) : t("addTitle", { title: meta.title })}
        testId="resource-form"
        fields={recordFields}
        initial={dialog?.kind === "form" ? dialog.initial : null}
        dicts={dicts}
        onClose={() => setDialog(null)}
        onSave={(values, loaded, refused) => saveRecord(dialog?.kind === "form" ? dialog.id : null, values, loaded, refused)}
      />
      <MetaFormDialog
        open={dialog?.kind === "action"}
        title={dialog?.kind === "action" ? dialog.action.label : ""}
        testId="resource-action"
        fields={actionFields}
        initial={actionStart}
        dicts={dicts}
        onClose={() => setDialog(null)}
        onSave={(values, _loaded, refused) => (dialog?.kind === "action" ? runAction(dialog.action, dialog.row, bodyOf(actionFields, values), refused) : Promise.resolve(false))}
      />
      <ExportDialog jobId={exportJob} title={meta.title} onClose={() => setExportJob(null)} />
      <HistoryDialog meta={meta} dicts={dicts} recordId={dialog?.kind === "history" ? dialog.id : null} onClose={() => setDialog(null)} />
    </RowHandlersContext.Provider>
  );
}
