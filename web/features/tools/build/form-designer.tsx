"use client";

import { type CollisionDetection, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, pointerWithin, useSensor, useSensors } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { FileJsonIcon, FileCode2Icon, FolderOpenIcon, Redo2Icon, SaveIcon, Trash2Icon, Undo2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { componentName, exportJson, exportReact } from "./export";
import { canRedo, canUndo, commit, type History, historyKey, redo, start, undo } from "./history";
import {
  containerOf,
  createField,
  type DesignField,
  duplicateField,
  type FieldType,
  findField,
  formProblem,
  fromSaved,
  insertField,
  moveField,
  removeField,
  shiftField,
  toSaved,
  updateField,
} from "./schema";
import { answer, core, done } from "@/lib/api/core";
import type { BuildScreenData } from "../types";
import { Canvas, Palette, PALETTE_PREFIX } from "./canvas";
import { type ExportFile, ExportDialog } from "./export-dialog";
import { PreviewForm } from "./preview-form";
import { PropertyPanel } from "./property-panel";

/**
 * From the palette, the place under the pointer (a field or a row before the canvas itself); moving a
 * field, the closest field or row, the canvas only when nothing else is left.
 */
const collisions: CollisionDetection = (args) => {
  if (String(args.active.id).startsWith(PALETTE_PREFIX)) {
    const hits = pointerWithin(args);
    const inner = hits.filter((hit) => hit.id !== "root");
    return inner.length > 0 ? inner : hits;
  }
  const others = args.droppableContainers.filter((container) => container.id !== "root");
  return others.length > 0 ? closestCenter({ ...args, droppableContainers: others }) : closestCenter(args);
};

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.tagName === "INPUT" || element.tagName === "TEXTAREA" || element.tagName === "SELECT" || element.isContentEditable);
}

/** 表单构建: palette, canvas, properties, live preview, undo/redo, export, save and reopen by name. */
export function FormDesigner({ data }: { data: BuildScreenData }) {
  const t = useTranslations("tools.build");
  const router = useRouter();
  const [history, setHistory] = useState<History<DesignField[]>>(() => start([]));
  const [selected, setSelected] = useState<string | null>(null);
  const [formName, setFormName] = useState("");
  const [formId, setFormId] = useState<number | null>(null);
  const [opening, setOpening] = useState("");
  const [view, setView] = useState("design");
  const [exported, setExported] = useState<ExportFile | null>(null);
  const fields = history.present;
  const change = useCallback((next: DesignField[], key: string | null = null) => setHistory((h) => commit(h, next, key)), []);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const action = historyKey(event);
      if (!action || typing(event.target)) return;
      event.preventDefault();
      setHistory((h) => (action === "undo" ? undo(h) : redo(h)));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const add = (type: FieldType, container = "root", index?: number) => {
    const field = createField(type, fields);
    change(insertField(fields, field, container, index));
    setSelected(field.id);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (activeId.startsWith(PALETTE_PREFIX)) {
      const type = activeId.slice(PALETTE_PREFIX.length) as FieldType;
      if (overId === "root") add(type);
      else if (overId.startsWith("row:")) add(type, overId.slice(4));
      else {
        const container = containerOf(fields, overId) ?? "root";
        const list = container === "root" ? fields : (findField(fields, container)?.children ?? []);
        add(type, container, list.findIndex((field) => field.id === overId));
      }
      return;
    }
    if (activeId !== overId) change(moveField(fields, activeId, overId));
  };
  const actions = {
    selected,
    onSelect: (id: string) => setSelected(id || null),
    onRemove: (id: string) => {
      change(removeField(fields, id));
      if (selected === id) setSelected(null);
    },
    onCopy: (id: string) => change(duplicateField(fields, id)),
    onShift: (id: string, step: -1 | 1) => change(shiftField(fields, id, step)),
  };
  const current = useMemo(() => findField(fields, selected), [fields, selected]);

  const checked = () => {
    const problem = formProblem(fields);
    if (problem) toast.error(problem);
    return !problem;
  };
  const showJson = () => checked() && setExported({ title: t("exportJson"), fileName: `${formName || "form"}.json`, type: "application/json", text: exportJson(formName, fields) });
  const showReact = () => checked() && setExported({ title: t("exportReact"), fileName: `${componentName(formName)}.tsx`, type: "text/plain", text: exportReact(formName, fields) });
  const save = async () => {
    if (!formName.trim()) {
      toast.error(t("nameRequired"));
      return;
    }
    if (!checked()) return;
    try {
      const { data: saved } = await answer(core.POST("/tool/build", { body: { formId, formName: formName.trim(), fields: toSaved(fields), config: {} } }));
      setFormId(saved.formId);
      toast.success(t("saved"));
      router.refresh();
    } catch {
      // the request layer showed the server's message
    }
  };
  const open = async () => {
    if (!opening) return;
    try {
      const { data: form } = await answer(core.GET("/tool/build/{formId}", { params: { path: { formId: Number(opening) } } }));
      setHistory(start(fromSaved(form.fields)));
      setFormName(form.formName);
      setFormId(form.formId);
      setSelected(null);
      toast.success(t("opened", { name: form.formName }));
    } catch {
      // shown by the request layer
    }
  };
  const removeSaved = async () => {
    if (!opening) return;
    if (await done(core.DELETE("/tool/build/{formIds}", { params: { path: { formIds: opening } } }))) {
      if (String(formId) === opening) setFormId(null);
      setOpening("");
      toast.success(t("deleted"));
      router.refresh();
    }
  };
  const clear = () => {
    change([]);
    setSelected(null);
  };

  return (
    <Card data-testid="build-screen" data-history={`${history.past.length}/${history.future.length}`} className="py-4">
      <CardContent className="flex flex-col gap-3 px-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="outline" data-testid="build-undo" disabled={!canUndo(history)} onClick={() => setHistory(undo)} title="Ctrl+Z">
            <Undo2Icon />
            {t("undo")}
          </Button>
          <Button size="sm" variant="outline" data-testid="build-redo" disabled={!canRedo(history)} onClick={() => setHistory(redo)} title="Ctrl+Shift+Z">
            <Redo2Icon />
            {t("redo")}
          </Button>
          <Button size="sm" variant="outline" data-testid="build-clear" disabled={fields.length === 0} onClick={clear}>
            <Trash2Icon />
            {t("clear")}
          </Button>
          <Button size="sm" variant="outline" data-testid="build-export-json" onClick={showJson}>
            <FileJsonIcon />
            {t("exportJson")}
          </Button>
          <Button size="sm" variant="outline" data-testid="build-export-react" onClick={showReact}>
            <FileCode2Icon />
            {t("exportReact")}
          </Button>
          <span className="mx-2 h-6 border-l" />
          <Input data-testid="build-name" className="h-8 w-44" placeholder={t("formName")} maxLength={64} value={formName} onChange={(e) => setFormName(e.target.value)} />
          <Button size="sm" data-testid="build-save" onClick={save}>
            <SaveIcon />
            {t("save")}
          </Button>
          <NativeSelect data-testid="build-saved" aria-label={t("savedForms")} className="h-8 w-44" value={opening} onChange={(e) => setOpening(e.target.value)}>
            <option value="">{t("savedForms")}</option>
            {data.forms.rows.map((row) => (
              <option key={row.formId} value={String(row.formId)}>{row.formName}</option>
            ))}
          </NativeSelect>
          <Button size="sm" variant="outline" data-testid="build-open" disabled={!opening} onClick={open}>
            <FolderOpenIcon />
            {t("open")}
          </Button>
          <Button size="sm" variant="outline" data-testid="build-delete" disabled={!opening} onClick={removeSaved}>
            <Trash2Icon />
            {t("deleteSaved")}
          </Button>
        </div>
        <DndContext sensors={sensors} collisionDetection={collisions} onDragEnd={onDragEnd}>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-[200px_1fr_260px]">
            <Palette onAdd={(type) => add(type)} />
            <Tabs value={view} onValueChange={setView}>
              <TabsList>
                <TabsTrigger value="design" data-testid="build-tab-design">{t("design")}</TabsTrigger>
                <TabsTrigger value="preview" data-testid="build-tab-preview">{t("preview")}</TabsTrigger>
              </TabsList>
              <TabsContent value="design">
                <Canvas fields={fields} actions={actions} />
              </TabsContent>
              <TabsContent value="preview">
                <PreviewForm key={JSON.stringify(toSaved(fields))} fields={fields} />
              </TabsContent>
            </Tabs>
            <PropertyPanel field={current} onChange={(patch, key) => selected && change(updateField(fields, selected, patch), key)} />
          </div>
        </DndContext>
      </CardContent>
      <ExportDialog file={exported} onClose={() => setExported(null)} />
    </Card>
  );
}
