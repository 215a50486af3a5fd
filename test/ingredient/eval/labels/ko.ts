/**
 * @module
 * Korean evaluation labels, with the "… 함유" allergen statement and the shared-facility sentence of
 * Korean food labels. Written for this set; expectations by hand from the label text (conventions in
 * ../types.ts).
 */
import type { EvalLabel } from '../types.ts'

export const KO: EvalLabel[] = [
  {
    id: 'ko-food-01', language: 'ko', kind: 'food', product: '라면',
    text: '원재료명: 면[소맥분(밀:미국산, 호주산), 팜유, 감자전분, 정제염, 면류첨가알칼리제], 스프[정제염, 간장(대두, 밀), 고춧가루, 설탕, 마늘, 새우분말, 멸치엑기스분말] 밀, 대두, 새우, 우유, 계란, 쇠고기 함유',
    ingredients: ['면 (소맥분; 팜유; 감자전분; 정제염; 면류첨가알칼리제)', '스프 (정제염; 간장 (대두; 밀); 고춧가루; 설탕; 마늘; 새우분말; 멸치엑기스분말)'],
    contains: ['gluten', 'soybeans', 'crustaceans', 'milk', 'eggs', 'fish'], mayContain: [],
  },
  {
    id: 'ko-food-02', language: 'ko', kind: 'food', product: '배추김치',
    text: '원재료명: 배추(국산) 80%, 무, 고춧가루, 마늘, 양파, 멸치액젓(멸치, 정제염), 새우젓(새우, 정제염), 찹쌀풀, 생강, 설탕, 쪽파. 새우, 멸치 함유',
    ingredients: ['배추', '무', '고춧가루', '마늘', '양파', '멸치액젓 (멸치; 정제염)', '새우젓 (새우; 정제염)', '찹쌀풀', '생강', '설탕', '쪽파'],
    contains: ['fish', 'crustaceans'], mayContain: [],
  },
  {
    id: 'ko-food-03', language: 'ko', kind: 'food', product: '고추장',
    text: '원재료명: 물엿, 고춧가루 15%, 소맥분(밀), 정제염, 메주분말(대두), 주정, 찹쌀, 마늘, 양파. 밀, 대두 함유. 이 제품은 땅콩, 우유, 메밀을 사용한 제품과 같은 제조시설에서 제조하고 있습니다.',
    ingredients: ['물엿', '고춧가루', '소맥분(밀)', '정제염', '메주분말(대두)', '주정', '찹쌀', '마늘', '양파'],
    contains: ['gluten', 'soybeans'], mayContain: ['peanuts', 'milk'],
  },
  {
    id: 'ko-food-04', language: 'ko', kind: 'food', product: '초코파이',
    text: '원재료명: 소맥분(밀), 설탕, 물엿, 쇼트닝(팜유), 코코아매스, 코코아버터, 전란액(계란), 탈지분유(우유), 젤라틴, 정제염, 유화제, 합성향료. 밀, 계란, 우유, 대두 함유',
    ingredients: ['소맥분(밀)', '설탕', '물엿', '쇼트닝(팜유)', '코코아매스', '코코아버터', '전란액(계란)', '탈지분유(우유)', '젤라틴', '정제염', '유화제', '합성향료'],
    contains: ['gluten', 'eggs', 'milk', 'soybeans'], mayContain: [],
  },
  {
    id: 'ko-food-05', language: 'ko', kind: 'food', product: '참깨 드레싱',
    text: '원재료명: 대두유, 참깨 20%, 양조간장(탈지대두, 소맥, 정제염), 설탕, 양조식초, 참기름, 난황, 마늘, 겨자분. 대두, 밀, 계란, 참깨 함유',
    ingredients: ['대두유', '참깨', '양조간장 (탈지대두; 소맥; 정제염)', '설탕', '양조식초', '참기름', '난황', '마늘', '겨자분'],
    contains: ['soybeans', 'gluten', 'eggs', 'sesame', 'mustard'], mayContain: [],
  },
  {
    id: 'ko-food-06', language: 'ko', kind: 'food', product: '어묵',
    text: '원재료명: 연육(외국산: 실꼬리돔, 갈치) 70%, 소맥분, 전분, 대두유, 정제염, 설탕, 양파, 당근. 밀, 대두 함유',
    ingredients: ['연육', '소맥분', '전분', '대두유', '정제염', '설탕', '양파', '당근'],
    contains: ['fish', 'gluten', 'soybeans'], mayContain: [],
  },
  {
    id: 'ko-food-07', language: 'ko', kind: 'food', product: '딸기 요구르트',
    text: '원재료명: 원유 95%(국산), 백설탕, 유산균, 딸기농축액. 우유 함유',
    ingredients: ['원유', '백설탕', '유산균', '딸기농축액'],
    contains: ['milk'], mayContain: [],
  },
  {
    id: 'ko-food-08', language: 'ko', kind: 'food', product: '땅콩버터',
    text: '원재료명: 땅콩 90%(미국산), 설탕, 정제염, 팜유. 이 제품은 호두, 아몬드를 사용한 제품과 같은 제조시설에서 제조하고 있습니다.',
    ingredients: ['땅콩', '설탕', '정제염', '팜유'],
    contains: ['peanuts'], mayContain: ['nuts'],
  },
  {
    id: 'ko-cos-01', language: 'ko', kind: 'cosmetic', product: '토너',
    text: '전성분: 정제수, 부틸렌글라이콜, 글리세린, 나이아신아마이드, 판테놀, 알란토인, 소듐하이알루로네이트, 카보머, 트로메타민, 에틸헥실글리세린, 페녹시에탄올, 향료',
    ingredients: ['정제수', '부틸렌글라이콜', '글리세린', '나이아신아마이드', '판테놀', '알란토인', '소듐하이알루로네이트', '카보머', '트로메타민', '에틸헥실글리세린', '페녹시에탄올', '향료'],
    contains: ['fragrance'], mayContain: [],
    verdicts: { 페녹시에탄올: 'restricted', 나이아신아마이드: 'allowed' },
  },
  {
    id: 'ko-cos-02', language: 'ko', kind: 'cosmetic', product: '선크림',
    text: '전성분: 정제수, 에칠헥실메톡시신나메이트, 징크옥사이드, 사이클로펜타실록세인, 부틸렌글라이콜, 옥토크릴렌, 티타늄디옥사이드, 글리세린, 다이메티콘, 토코페롤',
    ingredients: ['정제수', '에칠헥실메톡시신나메이트', '징크옥사이드', '사이클로펜타실록세인', '부틸렌글라이콜', '옥토크릴렌', '티타늄디옥사이드', '글리세린', '다이메티콘', '토코페롤'],
    contains: [], mayContain: [],
    verdicts: { 에칠헥실메톡시신나메이트: 'restricted', 옥토크릴렌: 'restricted', 글리세린: 'allowed' },
  },
  {
    id: 'ko-cos-03', language: 'ko', kind: 'cosmetic', product: '샴푸',
    text: '전성분: 정제수, 소듐라우레스설페이트, 코카미도프로필베타인, 소듐클로라이드, 가수분해밀단백질, 향료, 시트릭애씨드, 소듐벤조에이트, 리날룰, 리모넨',
    ingredients: ['정제수', '소듐라우레스설페이트', '코카미도프로필베타인', '소듐클로라이드', '가수분해밀단백질', '향료', '시트릭애씨드', '소듐벤조에이트', '리날룰', '리모넨'],
    contains: ['gluten', 'fragrance'], mayContain: [],
    verdicts: { 소듐벤조에이트: 'restricted', 코카미도프로필베타인: 'allowed' },
  },
  {
    id: 'ko-cos-04', language: 'ko', kind: 'cosmetic', product: '핸드크림',
    text: '전성분: 정제수, 글리세린, 시어버터, 스위트아몬드오일, 세테아릴알코올, 다이메티콘, 카보머, 트로메타민, 페녹시에탄올, 향료, 리날룰',
    ingredients: ['정제수', '글리세린', '시어버터', '스위트아몬드오일', '세테아릴알코올', '다이메티콘', '카보머', '트로메타민', '페녹시에탄올', '향료', '리날룰'],
    contains: ['nuts', 'fragrance'], mayContain: [],
    verdicts: { 페녹시에탄올: 'restricted', 시어버터: 'allowed' },
  },
]
