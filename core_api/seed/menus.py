"""The whole menu tree of MENUS.md: every screen of both spec documents, its view path and buttons. A declared
resource's entry (``Declared``) takes its name, permission and buttons from its declaration; the tree keeps its
place, icon and visibility."""

from __future__ import annotations

from dataclasses import dataclass, field

from core_api.platform.resource import REGISTRY

ACTION_LABELS = {
    "query": "查询", "add": "新增", "edit": "修改", "remove": "删除", "export": "导出", "import": "导入",
    "resetPwd": "重置密码", "changeStatus": "状态修改", "unlock": "账户解锁", "batchLogout": "批量强退",
    "forceLogout": "单条强退", "preview": "预览代码", "code": "生成代码", "shelf": "上下架", "audit": "审核",
    "editInfo": "编辑资料", "freeze": "冻结", "mute": "禁言", "usable": "启用", "bindReferrer": "绑定推荐人",
    "personal": "查看个人信息", "operate": "操作", "confirm": "确认", "block": "拉黑", "alarm": "告警",
    "sensitiveWords": "敏感词",
    "status": "状态", "banWebsite": "屏蔽网址", "approve": "审批", "pay": "打款", "execute": "执行",
    "recommend": "推荐", "specs": "规格", "brandSale": "品牌特卖", "rate": "费率", "area": "区域",
    "goods": "商品", "gifts": "奖品", "sync": "同步", "pickup": "核销", "ship": "发货", "refund": "退款",
    "reply": "回复", "transfer": "转交", "cancel": "取消",
}


@dataclass
class Menu:
    name: str
    view: str  # the view path (component)
    perm: str  # the menu's own permission
    buttons: list[str] = field(default_factory=list)
    icon: str = "#"
    hidden: bool = False
    path: str = ""  # defaults to the view path's segments after the directory
    is_frame: str = "1"

    def button_perms(self) -> list[tuple[str, str]]:
        base = self.perm.rsplit(":", 1)[0]
        return [(f"{self.name}{ACTION_LABELS.get(a, a)}", f"{base}:{a}") for a in self.buttons]


@dataclass
class Declared:
    """The entry of the resource declared with view path ``view``: its title, list permission and buttons
    (``Resource.buttons``)."""

    view: str
    icon: str = "#"
    hidden: bool = False
    path: str = ""

    def menu(self) -> Menu:
        res = next((r for r in REGISTRY.values() if r.view == self.view), None)
        if res is None:
            raise LookupError(f"no resource is declared with view {self.view} (are the features imported?)")
        return Menu(res.title, self.view, res.list_perm or f"{res.perm}:list", res.buttons(), icon=self.icon,
                    hidden=self.hidden, path=self.path)


@dataclass
class Dir:
    name: str
    path: str
    icon: str
    children: list[Dir | Menu | Declared]
    hidden: bool = False


SYSTEM = [
    Dir("系统管理", "system", "system", [
        Menu("用户管理", "system/user/index", "system:user:list",
             ["query", "add", "edit", "remove", "export", "import", "resetPwd"], icon="user"),
        Menu("角色管理", "system/role/index", "system:role:list", ["query", "add", "edit", "remove", "export"],
             icon="peoples"),
        Menu("菜单管理", "system/menu/index", "system:menu:list", ["query", "add", "edit", "remove"],
             icon="tree-table"),
        Menu("部门管理", "system/dept/index", "system:dept:list", ["query", "add", "edit", "remove"], icon="tree"),
        Menu("岗位管理", "system/post/index", "system:post:list", ["query", "add", "edit", "remove", "export"],
             icon="post"),
        Menu("字典管理", "system/dict/index", "system:dict:list", ["query", "add", "edit", "remove", "export"],
             icon="dict"),
        Menu("参数设置", "system/config/index", "system:config:list", ["query", "add", "edit", "remove", "export"],
             icon="edit"),
        Menu("通知公告", "system/notice/index", "system:notice:list", ["query", "add", "edit", "remove"],
             icon="message"),
        Dir("日志管理", "log", "log", [
            Menu("操作日志", "monitor/operlog/index", "monitor:operlog:list", ["query", "remove", "export"],
                 icon="form", path="operlog"),
            Menu("登录日志", "monitor/logininfor/index", "monitor:logininfor:list",
                 ["query", "remove", "export", "unlock"], icon="logininfor", path="logininfor"),
        ]),
    ]),
    Dir("系统监控", "monitor", "monitor", [
        Menu("在线用户", "monitor/online/index", "monitor:online:list", ["query", "batchLogout", "forceLogout"],
             icon="online"),
        Menu("定时任务", "monitor/job/index", "monitor:job:list",
             ["query", "add", "edit", "remove", "changeStatus", "export"], icon="job"),
        Menu("数据监控", "monitor/druid/index", "monitor:druid:list", icon="druid"),
        Menu("服务监控", "monitor/server/index", "monitor:server:list", icon="server"),
        Menu("缓存监控", "monitor/cache/index", "monitor:cache:list", icon="redis"),
        Menu("缓存列表", "monitor/cache/list", "monitor:cache:list", icon="redis-list", path="cacheList"),
    ]),
    Dir("系统工具", "tool", "tool", [
        Menu("表单构建", "tool/build/index", "tool:build:list", icon="build"),
        Menu("代码生成", "tool/gen/index", "tool:gen:list", ["query", "edit", "remove", "import", "preview", "code"],
             icon="code"),
        Menu("系统接口", "tool/swagger/index", "tool:swagger:list", icon="swagger"),
    ]),
]

BUSINESS = [
    Dir("用户管理", "account", "peoples", [
        Menu("用户列表", "account/consumer/index", "account:consumer:list",
             ["query", "edit", "resetPwd", "editInfo", "freeze", "mute", "usable", "bindReferrer", "export",
              "personal"],
             icon="user"),
        Menu("好友列表", "account/consumer/friends", "account:consumer:query", hidden=True),
        Declared("account/auth/index", icon="validCode"),
        Declared("account/collect/index", icon="star"),
        Declared("account/release/index", icon="documentation"),
        Declared("account/releaseComment/index", icon="message"),
        Declared("account/releasePermission/index", icon="lock"),
        Declared("account/token/index", icon="password"),
        Declared("account/loginCheck/index", icon="validCode"),
        Declared("account/chartLogin/index", icon="chart"),
        Declared("account/recommend/index", icon="tree"),
        Declared("account/replenishment/index", icon="list"),
    ]),
    Dir("即时通讯", "im", "wechat", [
        Declared("im/group/index", icon="peoples"),
        Declared("im/group/users", hidden=True),
        Declared("im/record/index", icon="message"),
        Declared("im/recordSingle/index", icon="message"),
        Declared("im/intercept/index", icon="eye-open"),
    ]),
    Dir("内容管理", "content", "documentation", [
        Declared("content/category/index", icon="tree"),
        Menu("分类层级", "content/category/levels", "content:category:edit", hidden=True),
        Declared("content/register/index", icon="form"),
        Declared("content/personnel/index", icon="people"),
        Declared("content/richText/index", icon="edit"),
        Menu("富文本编辑", "content/richText/info", "content:richText:edit", hidden=True),
        Menu("关于我们", "content/about/index", "content:about:edit", icon="guide"),
        Menu("用户协议", "content/agreement/index", "content:agreement:edit", icon="documentation"),
        Declared("content/infoPush/index", icon="message"),
        Declared("content/message/index", icon="email"),
        Declared("content/messageUser/index", icon="email"),
        Declared("content/feedback/index", icon="question"),
        Declared("content/feedback/group", hidden=True),
        Declared("content/feedback/link", hidden=True),
        Declared("content/feedback/user", hidden=True),
        Declared("content/appVersion/index", icon="international"),
        Declared("content/cdkey/index", icon="code"),
    ]),
    Dir("配置管理", "setting", "system", [
        Menu("产品配置", "setting/product/index", "setting:product:edit", icon="component"),
        Menu("兑换码配置", "setting/cdkey/index", "setting:cdkey:edit", icon="code"),
        Menu("群组配置", "setting/group/index", "setting:group:edit", icon="peoples"),
        Menu("告警消息配置", "setting/alarm/index", "setting:alarm:edit", icon="bug"),
        Menu("支付方式配置", "setting/payWay/index", "setting:payWay:edit", icon="money"),
        Menu("核心配置", "setting/core/index", "setting:core:edit", icon="server"),
        Menu("通用配置", "setting/common/index", "setting:common:edit", icon="edit"),
        Menu("美颜配置", "setting/meili/index", "setting:meili:edit", icon="skill"),
        Menu("积分配置", "setting/integral/index", "setting:integral:edit", icon="star"),
        Menu("游戏配置", "setting/game/index", "setting:game:edit", icon="example"),
        Declared("setting/commonConfig/index", icon="list"),
        Declared("setting/commonConfigV2/index", icon="list"),
    ]),
    Dir("财务管理", "finance", "money", [
        Menu("收款码", "finance/payCode/index", "finance:payCode:add", icon="code"),
        Menu("提现管理", "finance/withdrawal/index", "finance:withdrawal:list", ["query", "edit", "approve", "pay"],
             icon="money"),
        Menu("财务退款", "finance/refund/index", "finance:refund:list", ["query", "execute"], icon="money"),
    ]),
    Dir("问诊服务", "consult", "people", [
        Declared("consult/service/index", icon="list"),
        Declared("consult/doctor/index", icon="people"),
        Declared("consult/hospital/index", icon="tree"),
        Menu("自主问诊", "consult/independence/index", "consult:independence:edit", icon="form"),
    ]),
    Dir("区域管理", "region", "international", [
        Menu("区域列表", "region/index", "region:region:list", ["query"], icon="international", path="list"),
    ]),
    Dir("商城管理", "mall", "shopping", [
        Declared("mall/carousel/index", icon="slider"),
        Declared("mall/category/index", icon="tree"),
        Declared("mall/goods/index", icon="shopping"),
        Menu("商品编辑", "mall/goods/edit", "mall:goods:edit", hidden=True),
        Menu("商品属性", "mall/attr/index", "mall:attr:list", ["query", "edit", "remove"], icon="list"),
        Menu("商品审核", "mall/review/index", "mall:review:list", ["query", "audit"], icon="checkbox"),
        Declared("mall/shop/index", icon="shopping"),
        Menu("店铺详情", "mall/shop/info", "mall:shop:query", hidden=True),
        Declared("mall/shopAccount/index", icon="user"),
        Declared("mall/keyword/index", icon="search"),
        Declared("mall/coupon/index", icon="money"),
        Declared("mall/adCategory/index", icon="tab"),
        Menu("广告分类商品", "mall/adCategory/goods", "mall:adCategory:goods", hidden=True),
        Declared("mall/picture/index", icon="example"),
        Declared("mall/settled/index", icon="form"),
        Declared("mall/market/index", icon="star"),
        Declared("mall/integralGoods/index", icon="star"),
        Declared("mall/turntable/index", icon="example"),
        Menu("供应链商品", "mall/supply/index", "mall:supply:list", ["query", "sync"], icon="component"),
    ]),
    Dir("订单管理", "order", "list", [
        Declared("order/main/index", icon="list"),
        Declared("order/shop/index", icon="shopping"),
        Menu("商城订单详情", "order/shop/detail", "order:shop:query", hidden=True),
        Declared("order/logistics/index", icon="guide"),
        Menu("售后订单", "order/afterSale/index", "order:afterSale:list", ["query", "refund"], icon="bug"),
        Menu("退款订单", "order/refund/index", "order:refund:list", ["query"], icon="money"),
        Declared("order/pay/index", icon="money"),
        Declared("order/comment/index", icon="message"),
        Declared("order/group/index", icon="peoples"),
        Declared("order/group/followers", hidden=True),
        Declared("order/integral/index", icon="star"),
        Menu("积分订单详情", "order/integral/detail", "order:integral:query", hidden=True),
        Declared("order/integralLedger/index", icon="list"),
    ]),
    # The spec's message centre opens /myMenu/orderDetail?orderNo=...: a hidden directory holds that page.
    Dir("订单详情", "myMenu", "list", [
        Menu("订单详情", "order/detail/index", "order:main:query", hidden=True, path="orderDetail"),
    ], hidden=True),
]

# Seed 000's permissions without a page of their own (MENUS.md): hidden rows with no view, so that roles
# can be granted them in the menu tree. Appended last so that the order numbers above stay as they were.
HIDDEN = [
    # the header's chat popup: read (list), reply to, and hand over conversations
    Dir("客服中心", "service", "message", [
        Menu("客服会话", "", "chat:desk:list", ["reply", "transfer"], icon="message", hidden=True, path="desk"),
    ], hidden=True),
    # the home page's figures (its latest sign-ins also need monitor:logininfor:list)
    Dir("首页", "home", "dashboard", [
        Menu("统计报表", "", "index:dashboard:view", icon="chart", hidden=True, path="dashboard"),
    ], hidden=True),
    # a shop account's home: its own shop's figures of the day (issue 28 §1). A directory of its own: the seed
    # knows a menu by its parent and view, and the home's figures have no view of their own either.
    Dir("店铺首页", "shopHome", "shopping", [
        Menu("店铺首页", "", "index:shopHome:view", icon="shopping", hidden=True, path="figures"),
    ], hidden=True),
]

TREE = SYSTEM + BUSINESS + HIDDEN


def menu_path(menu: Menu, dir_path: str) -> str:
    if menu.path:
        return menu.path
    parts = [p for p in menu.view.split("/") if p != "index"]
    if parts and parts[0] == dir_path:
        parts = parts[1:]
    return "-".join(parts) or "list"


def route_name(view: str) -> str:
    parts = [p for p in view.split("/") if p != "index"]
    return "".join(p[:1].upper() + p[1:] for p in parts)
