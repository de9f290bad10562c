import { expect, test } from "./fixtures";
import { ADMIN_STATE, rowAction } from "./helpers";
import { confirmOk, MONITOR, refreshUntilRow, toast } from "./monitor-helpers";
import { api, row, unique } from "./system-helpers";

test.use({ storageState: ADMIN_STATE });

test("a job calling a registered handler is created, checked, run once, and its run is logged", async ({ page }) => {
  const jobName = unique("心跳任务");
  await page.goto(MONITOR.job);
  const table = page.getByTestId("job-screen-table");
  await expect(table).toBeVisible();

  await page.getByTestId("toolbar-add").click();
  const form = page.getByTestId("job-form");
  await form.getByTestId("form-jobName").fill(jobName);
  await form.getByTestId("form-jobGroup").selectOption("SYSTEM");

  // the handlers come from the registry; the parameter form from the chosen handler's schema
  const handlers = await form.getByTestId("form-invokeTarget").locator("option").evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  expect(handlers).toEqual(expect.arrayContaining(["heartbeat", "cleanOldLogs", "cleanExpiredSessions", "refreshCaches", "dbStatsSnapshot"]));
  await form.getByTestId("form-invokeTarget").selectOption("cleanOldLogs");
  await expect(form.getByTestId("param-days")).toHaveValue("");
  // the parameters' help in the operator's language, not the schema's English
  await expect(form.getByTestId("param-help-days")).toHaveText("留空：取参数 sys.log.retentionDays（默认 90 天）");
  await form.getByTestId("form-invokeTarget").selectOption("refreshCaches");
  await expect(form.getByTestId("params-none")).toBeVisible();
  await form.getByTestId("form-invokeTarget").selectOption("heartbeat");
  const hold = form.getByTestId("param-holdSeconds");
  await expect(hold).toHaveValue("0");
  await expect(form.getByTestId("param-help-holdSeconds")).toHaveText("每次执行保持这么多秒（用于测试长时间执行和节点交接）");

  // the cron expression: the server's reason for a bad one, the next five fire times for a good one
  await form.getByTestId("form-cronExpression").fill("0 0 25 * * ?");
  await form.getByTestId("cron-preview").click();
  await expect(form.getByTestId("cron-error")).toContainText("Cron表达式不正确");
  await form.getByTestId("form-cronExpression").fill("0 0 3 * * ?");
  await form.getByTestId("cron-preview").click();
  await expect(form.getByTestId("cron-time")).toHaveCount(5);
  await expect(form.getByTestId("cron-time").first()).toContainText(/\d{4}-\d{2}-\d{2} 03:00:00/);

  // a parameter of the wrong type is refused beside its field
  await hold.fill("abc");
  await form.getByTestId("form-misfirePolicy-2").click();
  await form.getByTestId("form-concurrent-0").click();
  await form.getByTestId("form-status-1").click();
  await form.getByTestId("form-submit").click();
  await expect(form.getByTestId("param-item-holdSeconds").getByTestId("field-error")).toHaveText("必须是数字");
  await hold.fill("0.2");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(toast(page, "新增成功")).toBeVisible();

  const jobRow = row(table, jobName);
  await expect(jobRow).toContainText("heartbeat");
  await expect(jobRow).toContainText("0 0 3 * * ?");
  await expect(jobRow.getByTestId("status-switch")).not.toBeChecked();

  // resumed through the switch, after the confirmation
  await jobRow.getByTestId("status-switch").click();
  await confirmOk(page, jobName);
  await expect(row(table, jobName).getByTestId("status-switch")).toBeChecked();

  // the detail shows what was saved, with the next fire time
  await rowAction(row(table, jobName), "row-detail");
  const detail = page.getByTestId("job-detail");
  await expect(detail.getByTestId("detail-params")).toContainText('"holdSeconds": 0.2');
  await expect(detail.getByTestId("detail-next")).toContainText(/03:00:00/);
  await expect(detail).toContainText("执行一次");
  await detail.getByTestId("detail-close").click();

  // run once, then its run shows on the job-log page with the job's filter
  await rowAction(row(table, jobName), "row-run");
  await confirmOk(page, `确认要立即执行一次"${jobName}"任务吗？`);
  await expect(toast(page, "执行成功")).toBeVisible();
  await rowAction(row(table, jobName), "row-log");
  await expect(page).toHaveURL(/\/monitor\/job-log\/index\?jobId=\d+$/);
  await expect(page.getByTestId("job-filter")).toContainText(jobName);
  const logs = page.getByTestId("job-log-screen-table");
  const run = await refreshUntilRow(page, logs, jobName);
  await expect(run).toContainText("heartbeat");
  await expect(run).toContainText("心跳正常");
  await expect(run).toContainText("成功");
  await expect(logs.locator('[data-testid="table-row"]')).toHaveCount(1);

  await rowAction(run, "row-detail");
  const runDetail = page.getByTestId("job-log-detail");
  await expect(runDetail.getByTestId("detail-job-name")).toHaveText(jobName);
  await expect(runDetail.getByTestId("detail-message")).toHaveText("心跳正常");
  await expect(runDetail.getByTestId("detail-cost")).toContainText(/\d+(\.\d+)? m?s/);
  await expect(runDetail.getByTestId("detail-late")).toContainText(/ms|s/);
  await runDetail.getByTestId("detail-close").click();

  // the job's filter is dropped with its chip; 关闭 goes back to the jobs
  await page.getByTestId("job-filter-clear").click();
  await expect(page).not.toHaveURL(/jobId=/);
  await expect(page.getByTestId("job-filter")).toHaveCount(0);
  await page.getByTestId("toolbar-close").click();
  await expect(page).toHaveURL(/\/monitor\/job$/);
});

test("a job is edited with its saved parameters, filtered, exported and deleted", async ({ page }) => {
  const jobName = unique("清理任务");
  await api(page, "POST", "monitor/job", {
    jobName,
    jobGroup: "DEFAULT",
    invokeTarget: "cleanOldLogs",
    jobParams: { days: 400 },
    cronExpression: "0 30 2 * * ?",
    misfirePolicy: "3",
    concurrent: "1",
    status: "1",
  });
  await page.goto(`${MONITOR.job}?jobName=${encodeURIComponent(jobName)}`);
  const table = page.getByTestId("job-screen-table");
  await expect(table.locator('[data-testid="table-row"]')).toHaveCount(1);

  await rowAction(row(table, jobName), "row-edit");
  const form = page.getByTestId("job-form");
  await expect(form.getByTestId("form-jobName")).toHaveValue(jobName);
  await expect(form.getByTestId("param-days")).toHaveValue("400");
  await expect(form.getByTestId("form-misfirePolicy-3")).toBeChecked();
  await form.getByTestId("param-days").fill("0");
  await form.getByTestId("form-submit").click();
  await expect(form.getByTestId("param-item-days").getByTestId("field-error")).toHaveText("不能小于1");
  // empty is null: the handler then reads the retention from the parameters
  await form.getByTestId("param-days").fill("");
  await form.getByTestId("form-submit").click();
  await expect(form).toBeHidden();
  await expect(toast(page, "修改成功")).toBeVisible();
  await rowAction(row(table, jobName), "row-detail");
  await expect(page.getByTestId("job-detail").getByTestId("detail-params")).toContainText('"days": null');
  await page.getByTestId("job-detail").getByTestId("detail-close").click();

  // filters: status and group
  await page.getByTestId("query-status").selectOption("0");
  await page.getByTestId("query-search").click();
  await expect(page).toHaveURL(/status=0/);
  await expect(table.locator('[data-testid="table-row"]')).toHaveCount(0);
  await page.getByTestId("query-status").selectOption("1");
  await page.getByTestId("query-jobGroup").selectOption("DEFAULT");
  await page.getByTestId("query-search").click();
  await expect(row(table, jobName)).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByTestId("toolbar-export").click();
  expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);

  await rowAction(row(table, jobName), "row-remove");
  await confirmOk(page);
  await expect(table.locator('[data-testid="table-row"]')).toHaveCount(0);
});
