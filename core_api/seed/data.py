"""What a fresh install holds besides the menu (CONTRACT.md "Seed data")."""

from __future__ import annotations

# (dept_id, parent_id, name, order)
DEPTS = [
    (100, 0, "密讯科技", 0),
    (101, 100, "深圳总公司", 1),
    (102, 100, "长沙分公司", 2),
    (103, 101, "研发部门", 1),
    (104, 101, "市场部门", 2),
    (105, 101, "测试部门", 3),
    (106, 101, "财务部门", 4),
    (107, 101, "运维部门", 5),
    (108, 102, "市场部门", 1),
    (109, 102, "财务部门", 2),
]

POSTS = [(1, "ceo", "董事长", 1), (2, "se", "项目经理", 2), (3, "hr", "人力资源", 3), (4, "user", "普通员工", 4)]

# (role_id, name, key, sort, data_scope, custom depts)
ROLES = [
    (1, "超级管理员", "admin", 1, "1", []),
    (2, "普通角色", "common", 2, "2", [100, 101, 105]),
    (3, "商家员工", "shop_staff", 3, "5", []),  # a shop's staff: its own shop's mall screens (SHOP_STAFF_PERMS)
]

# (user_id, user_name, nick, dept, email, phone, sex, role_id, post_id)
USERS = [
    (1, "admin", "超级管理员", 103, "admin@example.com", "15888888888", "1", 1, 1),
    (2, "ry", "普通用户", 105, "ry@example.com", "15666666666", "1", 2, 2),
]
DEFAULT_PASSWORD = "admin123"  # noqa: S105 - the documented first sign-in (CONTRACT.md)

# The menus (by permission) the common role is granted: a read-mostly operator.
COMMON_ROLE_PERMS = [
    "system:user:list", "system:user:query", "system:user:export",
    "system:dept:list", "system:dept:query",
    "system:post:list", "system:post:query",
    "system:dict:list", "system:dict:query",
    "system:notice:list", "system:notice:query",
    "monitor:operlog:list", "monitor:operlog:query",
    "monitor:logininfor:list", "monitor:logininfor:query",
    "monitor:online:list", "monitor:online:query",
    "monitor:server:list",
    "account:consumer:list", "account:consumer:query",
    "index:dashboard:view",  # the home page's figures; not the chat desk, which reads customers' conversations
]

# The menus the shop-staff role is granted: their own shop's goods, specs, coupons, ad categories, pictures,
# marketing, its info page, its colleagues and its orders; not the platform's (rates, brand sales, areas,
# settlement audit, goods review).
SHOP_STAFF_PERMS = [
    "mall:goods:list", "mall:goods:query", "mall:goods:edit", "mall:goods:remove", "mall:goods:shelf",
    "mall:goods:specs",
    "mall:attr:list", "mall:attr:query", "mall:attr:edit", "mall:attr:remove",
    "mall:coupon:list", "mall:coupon:query", "mall:coupon:edit", "mall:coupon:remove", "mall:coupon:shelf",
    "mall:adCategory:list", "mall:adCategory:query", "mall:adCategory:edit", "mall:adCategory:remove",
    "mall:adCategory:status", "mall:adCategory:goods",
    "mall:picture:list", "mall:picture:query", "mall:picture:add", "mall:picture:edit", "mall:picture:remove",
    "mall:market:list", "mall:market:query", "mall:market:add", "mall:market:remove",
    "mall:shop:list", "mall:shop:query", "mall:shop:edit",
    "mall:shopAccount:list", "mall:shopAccount:query", "mall:shopAccount:status", "mall:shopAccount:editInfo",
    "order:shop:list", "order:shop:query", "order:shop:status", "order:shop:pickup",
    # their orders (issue 14): the main orders holding their shop (their parts only), the order detail a message
    # opens, shipping and the comments on their goods; not the payments (a payment covers every shop of a checkout)
    "order:main:list", "order:main:query", "order:logistics:list", "order:logistics:query", "order:logistics:ship",
    "order:comment:list", "order:comment:query",
    # their after-sales (issue 26; migration 0037 grants them to an installed role): the list, the decisions
    # (approve, reject, receive) and their orders' refunds; executing a refund stays finance's (DOMAIN.md: "shop
    # staff or operators decide; finance executes")
    "order:afterSale:list", "order:afterSale:query", "order:afterSale:refund", "order:refund:list",
    "order:refund:query",
]

# dict_type: (name, [(label, value, list_class, is_default)])
DICTS: dict[str, tuple[str, list[tuple[str, str, str, str]]]] = {
    "sys_user_sex": ("用户性别", [("男", "0", "", "Y"), ("女", "1", "", "N"), ("未知", "2", "", "N")]),
    "sys_show_hide": ("菜单状态", [("显示", "0", "primary", "Y"), ("隐藏", "1", "danger", "N")]),
    "sys_normal_disable": ("系统开关", [("正常", "0", "primary", "Y"), ("停用", "1", "danger", "N")]),
    "sys_job_status": ("任务状态", [("正常", "0", "primary", "Y"), ("暂停", "1", "danger", "N")]),
    "sys_job_group": ("任务分组", [("默认", "DEFAULT", "", "Y"), ("系统", "SYSTEM", "", "N")]),
    "sys_job_executor": ("任务执行器", [("默认", "default", "", "Y"), ("进程池", "processpool", "", "N")]),
    "sys_yes_no": ("系统是否", [("是", "Y", "primary", "Y"), ("否", "N", "danger", "N")]),
    "sys_notice_type": ("通知类型", [("通知", "1", "warning", "Y"), ("公告", "2", "success", "N")]),
    "sys_notice_status": ("通知状态", [("正常", "0", "primary", "Y"), ("关闭", "1", "danger", "N")]),
    "sys_oper_type": ("操作类型", [
        ("其他", "0", "info", "N"), ("新增", "1", "info", "N"), ("修改", "2", "info", "N"),
        ("删除", "3", "danger", "N"), ("授权", "4", "primary", "N"), ("导出", "5", "warning", "N"),
        ("导入", "6", "warning", "N"), ("强退", "7", "danger", "N"), ("生成代码", "8", "warning", "N"),
        ("清空数据", "9", "danger", "N"),
    ]),
    "sys_common_status": ("系统状态", [("成功", "0", "primary", "N"), ("失败", "1", "danger", "N")]),
    # the business areas (spec 001)
    "biz_settled_status": ("入驻审核状态", [("待审核", "pending", "warning", "Y"),
                                           ("已通过", "approved", "success", "N"),
                                           ("已驳回", "rejected", "danger", "N")]),
    "biz_settled_decision": ("入驻审核结果", [("通过", "approved", "success", "Y"),
                                             ("驳回", "rejected", "danger", "N")]),
    "biz_integral_order": ("积分订单状态", [("待发货", "to_ship", "warning", "Y"),
                                               ("已发货", "shipped", "primary", "N"),
                                               ("已完成", "completed", "success", "N"),
                                               ("已取消", "cancelled", "info", "N")]),
    "biz_points_kind": ("积分变动类型", [("赠送", "credit", "success", "Y"), ("抽奖", "draw", "warning", "N"),
                                        ("中奖", "prize", "success", "N"), ("订单抵扣", "order", "warning", "N"),
                                        ("退回", "refund", "primary", "N"), ("积分兑换", "redeem", "warning", "N")]),
    "biz_shelf": ("上架状态", [("上架", "1", "success", "Y"), ("下架", "0", "info", "N")]),
    "biz_audit_status": ("审核状态", [("待审核", "0", "warning", "Y"), ("已通过", "1", "success", "N"),
                                     ("已驳回", "2", "danger", "N")]),
    "biz_audit_decision": ("审核结果", [("通过", "true", "success", "Y"), ("驳回", "false", "danger", "N")]),
    "biz_collect_type": ("收藏类型", [("动态", "1", "primary", "Y"), ("商品", "2", "success", "N"),
                                     ("店铺", "3", "warning", "N"), ("文章", "4", "info", "N")]),
    "biz_release_visibility": ("可见范围", [("公开", "0", "success", "Y"), ("好友", "1", "primary", "N"),
                                           ("仅自己", "2", "info", "N")]),
    "biz_platform": ("平台", [("全部", "all", "", "Y"), ("Android", "android", "success", "N"),
                              ("iOS", "ios", "primary", "N"), ("H5", "h5", "info", "N")]),
    "biz_token_status": ("令牌状态", [("有效", "0", "success", "Y"), ("已失效", "1", "info", "N")]),
    "biz_login_check_type": ("校验方式", [("短信验证码", "1", "primary", "Y"), ("设备校验", "2", "warning", "N"),
                                         ("人脸识别", "3", "success", "N")]),
    "biz_check_result": ("校验结果", [("通过", "0", "success", "Y"), ("拒绝", "1", "danger", "N")]),
    "biz_confirm_status": ("确认状态", [("待确认", "0", "warning", "Y"), ("已确认", "1", "success", "N")]),
    "biz_referral_source": ("推荐来源", [("邀请码", "1", "primary", "Y"), ("后台绑定", "2", "warning", "N")]),
    "biz_release_allowed": ("发布权限", [("允许", "1", "success", "Y"), ("禁止", "0", "danger", "N")]),
    "biz_yes_no01": ("是否", [("是", "1", "warning", "N"), ("否", "0", "info", "Y")]),
    "biz_im_member_role": ("群成员角色", [("群主", "owner", "danger", "N"), ("管理员", "admin", "warning", "N"),
                                       ("成员", "member", "info", "Y")]),
    "biz_im_blocked": ("屏蔽状态", [("正常", "0", "success", "Y"), ("已屏蔽", "1", "danger", "N")]),
    "biz_im_msg_type": ("消息类型", [("文本", "text", "", "Y"), ("图片", "image", "", "N"), ("语音", "voice", "", "N"),
                                   ("视频", "video", "", "N"), ("文件", "file", "", "N"), ("位置", "location", "", "N"),
                                   ("系统", "system", "info", "N")]),
    "biz_intercept_scene": ("拦截场景", [("单聊", "single", "", "Y"), ("群聊", "group", "", "N"),
                                       ("客服", "service", "", "N")]),
    "biz_yes_no": ("是否", [("是", "1", "primary", "N"), ("否", "0", "info", "Y")]),
    "biz_friend_source": ("好友来源", [("搜索", "0", "", "Y"), ("手机通讯录", "1", "", "N"), ("群聊", "2", "", "N"),
                                       ("扫码", "3", "", "N"), ("名片分享", "4", "", "N"), ("邀请注册", "5", "", "N")]),
    "biz_app_platform": ("应用平台", [("Android", "android", "success", "Y"), ("iOS", "ios", "primary", "N")]),
    "biz_config_value_type": ("配置值类型", [("文本", "string", "", "Y"), ("数字", "number", "primary", "N"),
                                          ("布尔", "bool", "warning", "N"), ("JSON", "json", "success", "N")]),
    "biz_config_platform": ("配置平台", [("全部", "all", "", "Y"), ("Android", "android", "success", "N"),
                                       ("iOS", "ios", "primary", "N"), ("H5", "h5", "warning", "N")]),
    "biz_cdkey_reward": ("兑换奖励", [("余额(分)", "balance", "warning", "Y"), ("积分", "points", "primary", "N"),
                                     ("会员天数", "vip_days", "success", "N")]),
    "biz_cdkey_status": ("兑换码状态", [("未使用", "0", "primary", "Y"), ("已兑换", "1", "success", "N"),
                                      ("已作废", "2", "info", "N")]),
    "biz_feedback_type": ("反馈类型", [("建议", "0", "primary", "Y"), ("问题", "1", "warning", "N"),
                                      ("举报网站", "2", "danger", "N")]),
    "biz_feedback_status": ("反馈状态", [("待处理", "0", "warning", "Y"), ("已处理", "1", "success", "N")]),
    "biz_message_type": ("消息类型", [("系统消息", "0", "primary", "Y"), ("活动消息", "1", "success", "N")]),
    "biz_message_target": ("消息对象", [("全部用户", "all", "primary", "Y"), ("指定用户", "users", "warning", "N")]),
    "biz_push_status": ("推送状态", [("待推送", "0", "info", "Y"), ("推送中", "1", "warning", "N"),
                                    ("已推送", "2", "success", "N")]),
    "biz_read_flag": ("已读状态", [("未读", "0", "warning", "Y"), ("已读", "1", "success", "N")]),
    "biz_category_kind": ("分类类型", [("普通", "plain", "", "Y"), ("架构", "frame", "primary", "N"),
                                      ("组织", "organisation", "success", "N"),
                                      ("敏感词库", "sensitive", "danger", "N")]),
    "biz_category_status": ("分类状态", [("正常", "0", "success", "Y"), ("停用", "1", "danger", "N")]),
    "biz_register_status": ("登记状态", [("待审核", "0", "warning", "Y"), ("已通过", "1", "success", "N"),
                                        ("已驳回", "2", "danger", "N")]),
    "biz_personnel_status": ("人员状态", [("在职", "0", "success", "Y"), ("停用", "1", "danger", "N")]),
    "biz_service_type": ("服务类型", [("到院服务", "hospital", "primary", "Y"), ("上门服务", "visit", "success", "N"),
                                     ("在线问诊", "online", "warning", "N")]),
    "biz_hospital_level": ("医院等级", [("三级甲等", "3A", "danger", "N"), ("三级乙等", "3B", "warning", "N"),
                                       ("二级甲等", "2A", "primary", "N"), ("二级乙等", "2B", "primary", "N"),
                                       ("一级", "1", "info", "N"), ("未定级", "0", "", "Y")]),
    "biz_doctor_title": ("医生职称", [("主任医师", "chief", "danger", "N"), ("副主任医师", "associate", "warning", "N"),
                                     ("主治医师", "attending", "primary", "N"), ("住院医师", "resident", "info", "Y")]),
    "biz_doctor_online": ("在线状态", [("在线", "1", "success", "N"), ("离线", "0", "info", "Y")]),
    "biz_coupon_kind": ("优惠券类型", [("满减", "amount", "primary", "Y"), ("折扣", "percent", "success", "N")]),
    "biz_coupon_scope": ("优惠券适用范围", [("全部商品", "all", "primary", "Y"), ("指定分类", "category", "", "N"),
                                          ("指定商品", "goods", "", "N"), ("指定商品除外", "except", "", "N")]),
    "biz_coupon_validity": ("优惠券有效期", [("固定时间段", "window", "", "Y"), ("领取后N天", "days", "", "N")]),
    "biz_gift_kind": ("转盘奖品类型", [("积分", "points", "primary", "N"), ("优惠券", "coupon", "success", "N"),
                                     ("商品", "goods", "warning", "N"), ("未中奖", "none", "info", "Y")]),
    "biz_mall_link_type": ("链接类型", [("无链接", "none", "info", "Y"), ("商品", "goods", "primary", "N"),
                                       ("网址", "url", "success", "N")]),
    "biz_show_hide": ("显示状态", [("显示", "1", "success", "Y"), ("隐藏", "0", "info", "N")]),
    # mall goods (issue 13)
    "biz_mall_category_kind": ("商城分类类型", [("商品分类", "goods", "primary", "Y"),
                                             ("图片分类", "picture", "info", "N"),
                                             ("积分商品分类", "integral", "warning", "N")]),
    "biz_goods_review": ("商品审核状态", [("草稿", "draft", "info", "Y"), ("待审核", "pending", "warning", "N"),
                                         ("已通过", "approved", "success", "N"),
                                         ("已驳回", "rejected", "danger", "N")]),
    # orders (issue 14): the shop order states of core_api.order.core.flow and the carriers staff ship with
    "biz_order_status": ("订单状态", [("待付款", "unpaid", "info", "N"), ("待发货", "to_ship", "warning", "N"),
                                     ("待自提", "to_pickup", "warning", "N"), ("待成团", "grouping", "primary", "N"),
                                     ("已发货", "shipped", "primary", "N"), ("已完成", "completed", "success", "N"),
                                     ("已关闭", "closed", "danger", "N")]),
    "biz_group_team_status": ("拼团状态", [("待开团", "pending", "info", "N"), ("拼团中", "open", "primary", "Y"),
                                          ("已成团", "full", "success", "N"), ("拼团失败", "expired", "danger", "N"),
                                          ("已取消", "cancelled", "info", "N")]),
    "biz_group_member_status": ("参团席位", [("待支付", "reserved", "warning", "Y"),
                                            ("已支付", "paid", "success", "N")]),
    "biz_group_member_role": ("参团角色", [("团长", "leader", "primary", "N"), ("团员", "member", "info", "Y")]),
    "biz_order_delivery": ("配送方式", [("快递", "express", "primary", "Y"), ("自提", "pickup", "warning", "N")]),
    "biz_order_pay_status": ("支付状态", [("未支付", "unpaid", "info", "Y"), ("已支付", "paid", "success", "N"),
                                         ("已关闭", "closed", "danger", "N")]),
    "biz_order_pay_kind": ("收支类型", [("支付", "pay", "success", "Y"), ("退款", "refund", "warning", "N")]),
    "biz_order_pickup": ("自提状态", [("无", "none", "info", "Y"), ("待自提", "waiting", "warning", "N"),
                                     ("已自提", "picked", "success", "N")]),
    # an order's open after-sale as the order lists tag it (issue 28 §1): the open states of
    # core_api.order.aftersale.service; shipping waits until it is decided
    "biz_order_after_sale": ("订单售后", [("售后中·待审核", "applied", "danger", "N"),
                                        ("售后中·待退款", "awaiting_refund", "danger", "N"),
                                        ("售后中·待退货", "awaiting_return", "warning", "N"),
                                        ("售后中·买家已退货", "return_shipped", "warning", "N"),
                                        ("售后中·已收货", "received", "warning", "N"),
                                        ("售后中·退款中", "refunding", "danger", "N"),
                                        ("售后中·退款失败", "refund_failed", "danger", "N")]),
    "biz_logistics_company": ("物流公司", [("顺丰速运", "SF", "", "Y"), ("中通快递", "ZTO", "", "N"),
                                          ("圆通速递", "YTO", "", "N"), ("申通快递", "STO", "", "N"),
                                          ("韵达快递", "YD", "", "N"), ("京东物流", "JD", "", "N"),
                                          ("中国邮政EMS", "EMS", "", "N"), ("极兔速递", "JTSD", "", "N"),
                                          ("德邦快递", "DBL", "", "N")]),
}

# (name, key, value)
CONFIGS = [
    ("主框架页-默认皮肤样式名称", "sys.index.skinName", "skin-blue"),
    ("用户管理-账号初始密码", "sys.user.initPassword", "123456"),
    ("主框架页-侧边栏主题", "sys.index.sideTheme", "theme-dark"),
    ("账号自助-验证码开关", "sys.account.captchaEnabled", "true"),
    ("账号自助-是否开启用户注册功能", "sys.account.registerUser", "false"),
    ("用户登录-黑名单列表", "sys.login.blackIPList", ""),
    ("账号自助-修改手机号需短信验证", "sys.account.phoneChangeSms", "true"),
    ("日志-保留天数", "sys.log.retentionDays", "90"),
    ("告警-拦截告警通道(sms:手机号 或 webhook:地址)", "biz.alarm.channel", ""),
    ("告警-Webhook签名密钥", "biz.alarm.secret", ""),
    ("提现-需复核及打款验密的金额(分)", "biz.withdrawal.secondApproveFen", "500000"),
    ("退款-需另一人执行及验密的金额(分)", "biz.refund.secondApproveFen", "50000"),
    ("地图-选点默认城市(区域编码)", "biz.map.defaultCity", "110100"),
]

# (name, group, handler, params JSON, cron, misfire policy, status)
JOBS = [
    ("清理过期会话", "SYSTEM", "cleanExpiredSessions", "{}", "0 0/10 * * * ?", "2", "0"),
    ("清理历史日志", "SYSTEM", "cleanOldLogs", '{"days": null}', "0 0 2 * * ?", "2", "0"),
    ("刷新字典和参数缓存", "SYSTEM", "refreshCaches", "{}", "0 0 3 * * ?", "3", "1"),
    ("数据库统计快照", "DEFAULT", "dbStatsSnapshot", "{}", "0 0 * * * ?", "3", "1"),
    ("创建聊天记录月分区", "SYSTEM", "ensureChatPartitions", '{"ahead": 3}', "0 30 1 * * ?", "2", "0"),
    ("清理过期导出文件", "SYSTEM", "cleanExports", '{"days": 7}', "0 15 4 * * ?", "2", "0"),
    ("补发未完成的站内消息", "SYSTEM", "resendStuckMessages", "{}", "0 0/5 * * * ?", "2", "0"),
    ("同步供应链商品", "DEFAULT", "syncSupplyGoods", '{"limit": 100}', "0 0 4 * * ?", "3", "1"),
    ("关闭超时未支付订单", "SYSTEM", "closeUnpaidOrders", '{"limit": 500}', "0 * * * * ?", "2", "0"),
    ("自动确认收货", "SYSTEM", "completeShippedOrders", '{"limit": 500}', "0 * * * * ?", "2", "0"),
    ("订单结算", "SYSTEM", "settleOrders", '{"limit": 500}', "0 0/10 * * * ?", "2", "0"),
    ("统计报表-用户与会话", "DEFAULT", "statDailyPeople", '{"days": 2}', "0 0/10 * * * ?", "2", "0"),
    ("统计报表-按订单重算", "DEFAULT", "statDailyRebuild", "{}", "0 30 3 * * ?", "3", "1"),
    ("拼团超时失败退款", "SYSTEM", "expireGroupTeams", '{"limit": 200}', "0 * * * * ?", "2", "0"),
    ("重发结果未知的退款", "SYSTEM", "resendStuckRefunds", '{"minutes": 5, "limit": 100}', "0 0/2 * * * ?", "2", "0"),
]
