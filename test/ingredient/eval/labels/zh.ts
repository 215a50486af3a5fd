/**
 * @module
 * Chinese evaluation labels (GB 7718 layout: 配料, then 致敏物质提示 and shared-line sentences).
 * Written for this set; expectations by hand from the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const ZH: EvalLabel[] = [
  {
    id: 'zh-food-01', language: 'zh', kind: 'food', product: '鸡蛋饼干',
    text: '配料：小麦粉，白砂糖，植物油，鸡蛋，奶粉，食用盐，膨松剂（碳酸氢钠，碳酸氢铵），食用香精。致敏物质提示：含有麸质谷物、蛋类、乳制品。本产品生产线同时加工含有花生、大豆的产品。',
    ingredients: ['小麦粉', '白砂糖', '植物油', '鸡蛋', '奶粉', '食用盐', '碳酸氢钠', '碳酸氢铵', '食用香精'],
    contains: ['gluten', 'eggs', 'milk'], mayContain: ['peanuts', 'soybeans'],
  },
  {
    id: 'zh-food-02', language: 'zh', kind: 'food', product: '酿造酱油',
    text: '配料：水，非转基因大豆，小麦，食用盐，白砂糖，谷氨酸钠，酵母抽提物，焦糖色，苯甲酸钠。',
    ingredients: ['水', '大豆', '小麦', '食用盐', '白砂糖', '谷氨酸钠', '酵母抽提物', '焦糖色', '苯甲酸钠'],
    contains: ['soybeans', 'gluten'], mayContain: [],
  },
  {
    id: 'zh-food-03', language: 'zh', kind: 'food', product: '方便面',
    text: '配料：面饼：小麦粉，棕榈油，马铃薯淀粉，食用盐，谷朊粉。调料包：食用盐，白砂糖，味精，酱油粉（含大豆、小麦），虾粉，脱水葱，辣椒粉。',
    ingredients: ['小麦粉', '棕榈油', '马铃薯淀粉', '食用盐', '谷朊粉', '食用盐', '白砂糖', '味精', '酱油粉（含大豆、小麦）', '虾粉', '脱水葱', '辣椒粉'],
    contains: ['gluten', 'soybeans', 'crustaceans'], mayContain: [],
  },
  {
    id: 'zh-food-04', language: 'zh', kind: 'food', product: '核桃露',
    text: '配料：水，核桃仁（≥6%），白砂糖，全脂乳粉，单,双甘油脂肪酸酯，蔗糖脂肪酸酯，黄原胶，碳酸氢钠。',
    ingredients: ['水', '核桃仁', '白砂糖', '全脂乳粉', '单,双甘油脂肪酸酯', '蔗糖脂肪酸酯', '黄原胶', '碳酸氢钠'],
    contains: ['nuts', 'milk'], mayContain: [],
  },
  {
    id: 'zh-food-05', language: 'zh', kind: 'food', product: '牛奶巧克力',
    text: '配料：白砂糖，可可脂，全脂乳粉，可可液块，乳清粉，乳化剂（大豆磷脂），食用香料。可可固形物含量≥30%。',
    ingredients: ['白砂糖', '可可脂', '全脂乳粉', '可可液块', '乳清粉', '大豆磷脂', '食用香料'],
    contains: ['milk', 'soybeans'], mayContain: [],
  },
  {
    id: 'zh-food-06', language: 'zh', kind: 'food', product: '芝麻酱',
    text: '配料：芝麻（100%）。本品含有芝麻。',
    ingredients: ['芝麻'],
    contains: ['sesame'], mayContain: [],
  },
  {
    id: 'zh-food-07', language: 'zh', kind: 'food', product: '鱼丸',
    text: '配料：鱼糜（≥60%），水，马铃薯淀粉，鸡蛋清，食用盐，白砂糖，大豆油，味精。过敏原信息：含有鱼类、蛋类、大豆。',
    ingredients: ['鱼糜', '水', '马铃薯淀粉', '鸡蛋清', '食用盐', '白砂糖', '大豆油', '味精'],
    contains: ['fish', 'eggs', 'soybeans'], mayContain: [],
  },
  {
    id: 'zh-food-08', language: 'zh', kind: 'food', product: '虾片',
    text: '配料：木薯淀粉，虾（甲壳类）（≥15%），白砂糖，食用盐，味精，亚硫酸钠。可能含有微量的麸质和芝麻。',
    ingredients: ['木薯淀粉', '虾（甲壳类）', '白砂糖', '食用盐', '味精', '亚硫酸钠'],
    contains: ['crustaceans', 'sulphites'], mayContain: ['gluten', 'sesame'],
  },
  {
    id: 'zh-cos-01', language: 'zh', kind: 'cosmetic', product: '保湿面霜',
    text: '成分：水，甘油，丁二醇，角鲨烷，鲸蜡硬脂醇，牛油果树果脂，聚二甲基硅氧烷，卡波姆，氢氧化钾，苯氧乙醇，羟苯甲酯，香精',
    ingredients: ['水', '甘油', '丁二醇', '角鲨烷', '鲸蜡硬脂醇', '牛油果树果脂', '聚二甲基硅氧烷', '卡波姆', '氢氧化钾', '苯氧乙醇', '羟苯甲酯', '香精'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 苯氧乙醇: 'restricted', 羟苯甲酯: 'restricted', 角鲨烷: 'allowed' },
  },
  {
    id: 'zh-cos-02', language: 'zh', kind: 'cosmetic', product: '防晒霜',
    text: '全成分：水，甲氧基肉桂酸乙基己酯，奥克立林，氧化锌，二氧化钛，环五聚二甲基硅氧烷，丁二醇，甘油，生育酚乙酸酯，苯氧乙醇',
    ingredients: ['水', '甲氧基肉桂酸乙基己酯', '奥克立林', '氧化锌', '二氧化钛', '环五聚二甲基硅氧烷', '丁二醇', '甘油', '生育酚乙酸酯', '苯氧乙醇'],
    contains: [], mayContain: [],
    verdicts: { 奥克立林: 'restricted', 氧化锌: 'restricted', 甘油: 'allowed' },
  },
  {
    id: 'zh-cos-03', language: 'zh', kind: 'cosmetic', product: '洗发水',
    text: '成分：水，月桂醇聚醚硫酸酯钠，椰油酰胺丙基甜菜碱，氯化钠，水解小麦蛋白，香精，柠檬酸，苯甲酸钠，芳樟醇',
    ingredients: ['水', '月桂醇聚醚硫酸酯钠', '椰油酰胺丙基甜菜碱', '氯化钠', '水解小麦蛋白', '香精', '柠檬酸', '苯甲酸钠', '芳樟醇'],
    contains: ['gluten', 'fragrance'], mayContain: [],
    verdicts: { 苯甲酸钠: 'restricted', 柠檬酸: 'allowed' },
  },
  {
    id: 'zh-cos-04', language: 'zh', kind: 'cosmetic', product: '护手霜',
    text: '成分：水，甘油，甜扁桃油，牛油果树果脂，鲸蜡硬脂醇，聚二甲基硅氧烷，卡波姆，三乙醇胺，苯氧乙醇，香精，柠檬烯',
    ingredients: ['水', '甘油', '甜扁桃油', '牛油果树果脂', '鲸蜡硬脂醇', '聚二甲基硅氧烷', '卡波姆', '三乙醇胺', '苯氧乙醇', '香精', '柠檬烯'],
    contains: ['nuts', 'fragrance'], mayContain: [],
    verdicts: { 三乙醇胺: 'restricted', 苯氧乙醇: 'restricted', 牛油果树果脂: 'allowed' },
  },
]
