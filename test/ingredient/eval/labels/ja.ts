/**
 * @module
 * Japanese evaluation labels, in the layout of Japanese food labels (ingredients, then additives after
 * "／", then the "（一部に…を含む）" allergen statement). Written for this set; expectations by hand from
 * the label text (conventions in ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const JA: EvalLabel[] = [
  {
    id: 'ja-food-01', language: 'ja', kind: 'food', product: 'ミルクチョコレート',
    text: '名称：チョコレート 原材料名：砂糖（国内製造）、カカオマス、全粉乳、ココアバター、植物油脂、乳糖／乳化剤、香料、（一部に乳成分・大豆を含む）',
    ingredients: ['砂糖', 'カカオマス', '全粉乳', 'ココアバター', '植物油脂', '乳糖', '乳化剤', '香料'],
    contains: ['milk', 'soybeans'], mayContain: [],
  },
  {
    id: 'ja-food-02', language: 'ja', kind: 'food', product: 'カップ麺 しょうゆ味',
    text: '原材料名：油揚げめん（小麦粉（国内製造）、植物油脂、食塩、しょうゆ、チキンエキス）、スープ（ポークエキス、食塩、しょうゆ、香辛料、砂糖、ごま）、かやく（えび、ねぎ、卵）／調味料（アミノ酸等）、かんすい、カラメル色素、酸化防止剤（ビタミンE）、（一部にえび・小麦・卵・乳成分・ごま・大豆・鶏肉・豚肉を含む）',
    ingredients: ['油揚げめん (小麦粉; 植物油脂; 食塩; しょうゆ; チキンエキス)', 'スープ (ポークエキス; 食塩; しょうゆ; 香辛料; 砂糖; ごま)', 'かやく (えび; ねぎ; 卵)', '調味料（アミノ酸等）', 'かんすい', 'カラメル色素', 'ビタミンE'],
    contains: ['crustaceans', 'gluten', 'eggs', 'milk', 'sesame', 'soybeans'], mayContain: [],
  },
  {
    id: 'ja-food-03', language: 'ja', kind: 'food', product: '十割そば（乾麺）',
    text: '名称：干しそば 原材料名：そば粉（北海道産）、食塩 本品製造工場では小麦、卵、えびを含む製品を生産しています。',
    ingredients: ['そば粉', '食塩'],
    contains: [], mayContain: ['gluten', 'eggs', 'crustaceans'],
  },
  {
    id: 'ja-food-04', language: 'ja', kind: 'food', product: 'こいくちしょうゆ',
    text: '名称：こいくちしょうゆ（本醸造） 原材料名：大豆（国産）、小麦、食塩／アルコール （一部に小麦・大豆を含む）',
    ingredients: ['大豆', '小麦', '食塩', 'アルコール'],
    contains: ['soybeans', 'gluten'], mayContain: [],
  },
  {
    id: 'ja-food-05', language: 'ja', kind: 'food', product: 'カレールウ 中辛',
    text: '原材料名：食用油脂（牛脂、豚脂、パーム油）、小麦粉、でんぷん、食塩、カレー粉、砂糖、ソテーカレーペースト、香辛料、脱脂粉乳、たまねぎパウダー、モルトエキス、チャツネ、セロリー／調味料（アミノ酸等）、カラメル色素、乳化剤、酸味料、香料、（一部に小麦・乳成分・大豆・りんご・ゼラチンを含む）',
    ingredients: ['食用油脂 (牛脂; 豚脂; パーム油)', '小麦粉', 'でんぷん', '食塩', 'カレー粉', '砂糖', 'ソテーカレーペースト', '香辛料', '脱脂粉乳', 'たまねぎパウダー', 'モルトエキス', 'チャツネ', 'セロリー', '調味料（アミノ酸等）', 'カラメル色素', '乳化剤', '酸味料', '香料'],
    contains: ['gluten', 'milk', 'soybeans', 'celery'], mayContain: [],
  },
  {
    id: 'ja-food-06', language: 'ja', kind: 'food', product: 'かに風味かまぼこ',
    text: '原材料名：魚肉すり身（外国製造）、でん粉、卵白、食塩、砂糖、かにエキス、みりん、植物油／ソルビトール、調味料（アミノ酸等）、加工でん粉、着色料（カルミン、パプリカ色素）、（一部にかに・小麦・卵・大豆を含む）',
    ingredients: ['魚肉すり身', 'でん粉', '卵白', '食塩', '砂糖', 'かにエキス', 'みりん', '植物油', 'ソルビトール', '調味料（アミノ酸等）', '加工でん粉', 'カルミン', 'パプリカ色素'],
    contains: ['fish', 'crustaceans', 'gluten', 'eggs', 'soybeans'], mayContain: [],
  },
  {
    id: 'ja-food-07', language: 'ja', kind: 'food', product: 'アーモンドクッキー',
    text: '原材料名：小麦粉（国内製造）、砂糖、バター、ショートニング、卵、アーモンド、全粉乳、食塩／膨脹剤、アナトー色素、香料、（一部に小麦・卵・乳成分・アーモンドを含む）',
    ingredients: ['小麦粉', '砂糖', 'バター', 'ショートニング', '卵', 'アーモンド', '全粉乳', '食塩', '膨脹剤', 'アナトー色素', '香料'],
    contains: ['gluten', 'eggs', 'milk', 'nuts'], mayContain: [],
  },
  {
    id: 'ja-food-08', language: 'ja', kind: 'food', product: '焙煎ごまドレッシング',
    text: '原材料名：食用植物油脂（国内製造）、ごま、しょうゆ、砂糖、醸造酢、卵黄、食塩、からし、酵母エキス／調味料（アミノ酸）、増粘剤（キサンタンガム）、（一部に卵・ごま・小麦・大豆を含む）',
    ingredients: ['食用植物油脂', 'ごま', 'しょうゆ', '砂糖', '醸造酢', '卵黄', '食塩', 'からし', '酵母エキス', '調味料（アミノ酸）', 'キサンタンガム'],
    contains: ['sesame', 'gluten', 'soybeans', 'eggs', 'mustard'], mayContain: [],
  },
  {
    id: 'ja-food-09', language: 'ja', kind: 'food', product: 'ココナッツサブレ',
    text: '原材料名：小麦粉、砂糖、ココナッツ、植物油脂、ココアバター、食塩／膨脹剤、乳化剤（大豆由来）、香料、（一部に小麦・大豆を含む）',
    ingredients: ['小麦粉', '砂糖', 'ココナッツ', '植物油脂', 'ココアバター', '食塩', '膨脹剤', '乳化剤（大豆由来）', '香料'],
    contains: ['gluten', 'soybeans'], mayContain: [],
  },
  {
    id: 'ja-food-10', language: 'ja', kind: 'food', product: 'プロテインバー',
    text: '原材料名：乳清たんぱく（国内製造）、チョコレート（砂糖、カカオマス、ココアバター）、大豆パフ、水あめ、アーモンド、食塩／グリセリン、乳化剤、香料、甘味料（スクラロース）',
    ingredients: ['乳清たんぱく', 'チョコレート (砂糖; カカオマス; ココアバター)', '大豆パフ', '水あめ', 'アーモンド', '食塩', 'グリセリン', '乳化剤', '香料', 'スクラロース'],
    contains: ['milk', 'soybeans', 'nuts'], mayContain: [],
  },
  {
    id: 'ja-cos-01', language: 'ja', kind: 'cosmetic', product: '化粧水',
    text: '全成分：水、BG、グリセリン、ペンチレングリコール、ベタイン、PEG-60水添ヒマシ油、ヒアルロン酸Na、クエン酸、クエン酸Na、フェノキシエタノール、メチルパラベン',
    ingredients: ['水', 'BG', 'グリセリン', 'ペンチレングリコール', 'ベタイン', 'PEG-60水添ヒマシ油', 'ヒアルロン酸Na', 'クエン酸', 'クエン酸Na', 'フェノキシエタノール', 'メチルパラベン'],
    contains: [], mayContain: [],
    verdicts: { フェノキシエタノール: 'restricted', メチルパラベン: 'restricted', グリセリン: 'allowed' },
  },
  {
    id: 'ja-cos-02', language: 'ja', kind: 'cosmetic', product: '日焼け止めミルク',
    text: '全成分：水、メトキシケイヒ酸エチルヘキシル、酸化亜鉛、エタノール、BG、ジメチコン、酸化チタン、グリセリン、トコフェロール、香料',
    ingredients: ['水', 'メトキシケイヒ酸エチルヘキシル', '酸化亜鉛', 'エタノール', 'BG', 'ジメチコン', '酸化チタン', 'グリセリン', 'トコフェロール', '香料'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { メトキシケイヒ酸エチルヘキシル: 'restricted', 酸化亜鉛: 'restricted', トコフェロール: 'allowed' },
  },
  {
    id: 'ja-cos-03', language: 'ja', kind: 'cosmetic', product: 'シャンプー',
    text: '成分：水、ラウレス硫酸Na、コカミドプロピルベタイン、ジステアリン酸グリコール、塩化Na、ポリクオタニウム-10、加水分解コムギタンパク、安息香酸Na、クエン酸、香料、リナロール',
    ingredients: ['水', 'ラウレス硫酸Na', 'コカミドプロピルベタイン', 'ジステアリン酸グリコール', '塩化Na', 'ポリクオタニウム-10', '加水分解コムギタンパク', '安息香酸Na', 'クエン酸', '香料', 'リナロール'],
    contains: ['gluten', 'fragrance'], mayContain: [],
    verdicts: { 安息香酸Na: 'restricted', クエン酸: 'allowed' },
  },
  {
    id: 'ja-cos-04', language: 'ja', kind: 'cosmetic', product: 'ハンドクリーム',
    text: '全成分：水、グリセリン、シア脂、スクワラン、アーモンド油、セタノール、ステアリン酸グリセリル、ジメチコン、カルボマー、水酸化K、フェノキシエタノール、香料',
    ingredients: ['水', 'グリセリン', 'シア脂', 'スクワラン', 'アーモンド油', 'セタノール', 'ステアリン酸グリセリル', 'ジメチコン', 'カルボマー', '水酸化K', 'フェノキシエタノール', '香料'],
    contains: ['nuts', 'fragrance'], mayContain: [],
    verdicts: { フェノキシエタノール: 'restricted', スクワラン: 'allowed' },
  },
]
