import { describe, expect, it } from 'vitest';
import { isTrackingParam, productKey, sameProduct, withoutTracking } from './product-key.js';

const S24 = 'amazon.co.uk/dp/B0CSB14Y6K';

describe('productKey', () => {
  it.each<[string, string, string | null]>([
    // Amazon: slugs, ref paths, tags, hosts
    ['plain /dp/', 'https://www.amazon.co.uk/dp/B0CSB14Y6K', S24],
    [
      'slug + ref path + search params',
      'https://www.amazon.co.uk/Samsung-Galaxy-Smartphone-Android-Titanium/dp/B0CSB14Y6K/ref=sr_1_3?crid=2Q1W&keywords=galaxy+s24&qid=1715678901&sprefix=galaxy%2Caps%2C89&sr=8-3',
      S24,
    ],
    ['associates tag and linkCode', 'https://www.amazon.co.uk/dp/B0CSB14Y6K?tag=quidsin-21&linkCode=ogi&th=1&psc=1', S24],
    ['/gp/product/ with ref_', 'https://www.amazon.co.uk/gp/product/B0CSB14Y6K/?ref_=ewc_pr_img_1&smid=A3P5ROKL5A1OLE', S24],
    ['mobile /gp/aw/d/', 'https://m.amazon.co.uk/gp/aw/d/B0CSB14Y6K?pd_rd_w=abc&pf_rd_p=def', S24],
    ['lower-case ASIN, http, upper-case host', 'http://WWW.AMAZON.CO.UK/dp/b0csb14y6k/', S24],
    ['smile. and amazon.com join amazon.co.uk', 'https://smile.amazon.com/dp/B0CSB14Y6K', S24],
    ['/dp/product/ and a fragment', 'https://www.amazon.co.uk/dp/product/B0CSB14Y6K#customerReviews', S24],
    ['ISBN-10 ASIN with X', 'https://www.amazon.co.uk/Hobbit-J-R-Tolkien/dp/026110221X/ref=tmm_pap_swatch_0', 'amazon.co.uk/dp/026110221X'],
    ['language prefix path', 'https://www.amazon.co.uk/-/en/dp/B0CSB14Y6K', S24],
    ['amzn.com/ASIN', 'https://amzn.com/B0CSB14Y6K', S24],
    ['other marketplace keeps its host', 'https://www.amazon.de/dp/B0CSB14Y6K?tag=x-21', 'amazon.de/dp/B0CSB14Y6K'],
    ['Amazon non-product page keeps its query', 'https://www.amazon.co.uk/s?k=ssd&ref=nb_sb_noss&crid=1', 'amazon.co.uk/s?k=ssd'],
    ['amzn.to short link stays as written', 'https://amzn.to/3xYzAbC', 'amzn.to/3xYzAbC'],
    ['amzn.eu short link stays as written', 'https://amzn.eu/d/7hGfK2q?utm_source=share', 'amzn.eu/d/7hGfK2q'],
    // eBay
    ['eBay /itm/ID', 'https://www.ebay.co.uk/itm/256123456789', 'ebay.co.uk/itm/256123456789'],
    [
      'eBay /itm/slug/ID with EPN params',
      'https://www.ebay.co.uk/itm/Apple-AirPods-Pro-2nd-Gen/256123456789?mkcid=1&mkrid=710-53481-19255-0&siteid=3&campid=5338000000&toolid=10001&mkevt=1&customid=x',
      'ebay.co.uk/itm/256123456789',
    ],
    [
      'eBay tracking hash, ebay.com',
      'https://www.ebay.com/itm/256123456789?hash=item3ba1c2d3e4:g:abcAAOSw&_trksid=p2047675.m1851',
      'ebay.co.uk/itm/256123456789',
    ],
    ['eBay mobile', 'https://m.ebay.co.uk/itm/256123456789?var=556677', 'ebay.co.uk/itm/256123456789'],
    ['eBay ViewItem', 'https://cgi.ebay.co.uk/ws/eBayISAPI.dll?ViewItem&item=256123456789', 'ebay.co.uk/itm/256123456789'],
    [
      'eBay rover affiliate link',
      'https://rover.ebay.com/rover/1/710-53481-19255-0/1?icep_id=114&ipn=icep&toolid=20004&campid=5338000000&mpre=https%3A%2F%2Fwww.ebay.co.uk%2Fitm%2F256123456789',
      'ebay.co.uk/itm/256123456789',
    ],
    ['eBay search keeps the search, drops EPN', 'https://www.ebay.co.uk/sch/i.html?_nkw=ps5&campid=1&mkevt=1', 'ebay.co.uk/sch/i.html?_nkw=ps5'],
    ['ebay.us short link', 'https://ebay.us/m/AbC123', 'ebay.us/m/AbC123'],
    // Argos
    ['Argos /product/ID', 'https://www.argos.co.uk/product/9520103', 'argos.co.uk/product/9520103'],
    [
      'Argos with clickPR, slash and fragment',
      'https://www.argos.co.uk/product/9520103/?clickPR=plp:1:23&istCompanyId=abc#reviews',
      'argos.co.uk/product/9520103',
    ],
    ['Argos Tu product id', 'https://www.argos.co.uk/product/TUC139063245', 'argos.co.uk/product/tuc139063245'],
    ['Argos legacy partNumber page', 'http://www.argos.co.uk/static/Product/partNumber/9520103.htm', 'argos.co.uk/product/9520103'],
    // Host + path retailers
    [
      'Currys',
      'https://www.currys.co.uk/products/ninja-foodi-dual-zone-af400uk-9.5-litre-air-fryer-black-10251389.html?utm_source=hukd&utm_medium=affiliate',
      'currys.co.uk/products/ninja-foodi-dual-zone-af400uk-9.5-litre-air-fryer-black-10251389.html',
    ],
    [
      'John Lewis with colour choice kept',
      'https://www.johnlewis.com/apple-iphone-15-128gb/p111111111?colour=Black&cm_mmc=affiliate',
      'johnlewis.com/apple-iphone-15-128gb/p111111111?colour=Black',
    ],
    [
      'AO with awc',
      'https://ao.com/product/ws52000cwh-hisense-washer-white-12345-1.aspx?awc=1234_1715678901_abc&sv1=affiliate&sv_campaign_id=101248',
      'ao.com/product/ws52000cwh-hisense-washer-white-12345-1.aspx',
    ],
    [
      'Very .prd',
      'https://www.very.co.uk/lego-star-wars-millennium-falcon-75375/1601234567.prd?intcmp=hp_carousel',
      'very.co.uk/lego-star-wars-millennium-falcon-75375/1601234567.prd',
    ],
    [
      'Tesco groceries',
      'https://www.tesco.com/groceries/en-GB/products/254656543?sc_cmp=ppc*GHS&gclid=abc',
      'tesco.com/groceries/en-GB/products/254656543?sc_cmp=ppc*GHS',
    ],
    [
      'Boots',
      'https://www.boots.com/no7-protect-and-perfect-intense-advanced-serum-30ml-10277133?_ga=2.1.2.3&gclsrc=aw.ds',
      'boots.com/no7-protect-and-perfect-intense-advanced-serum-30ml-10277133',
    ],
    // Games and app stores
    ['Steam app with slug and snr', 'https://store.steampowered.com/app/1091500/Cyberpunk_2077/?snr=1_7_15__13', 'store.steampowered.com/app/1091500'],
    ['Steam app without slug', 'http://store.steampowered.com/app/1091500', 'store.steampowered.com/app/1091500'],
    [
      'PlayStation Store',
      'https://store.playstation.com/en-gb/product/EP9000-PPSA01284_00-0000000000000000?smcid=other%3Aen-gb%3Aprod&emcid=x',
      'store.playstation.com/en-gb/product/EP9000-PPSA01284_00-0000000000000000',
    ],
    [
      'Nintendo eShop',
      'https://www.nintendo.com/en-gb/Games/Nintendo-Switch-games/The-Legend-of-Zelda-Tears-of-the-Kingdom-1576884.html#Overview',
      'nintendo.com/en-gb/Games/Nintendo-Switch-games/The-Legend-of-Zelda-Tears-of-the-Kingdom-1576884.html',
    ],
    [
      'Apple store page',
      'https://www.apple.com/uk/shop/buy-iphone/iphone-15/?afid=p238%7Cs&cid=aos-uk-aff-ir',
      'apple.com/uk/shop/buy-iphone/iphone-15?afid=p238%7Cs&cid=aos-uk-aff-ir',
    ],
    ['App Store app with slug', 'https://apps.apple.com/gb/app/monument-valley-2/id1187265767?mt=8&uo=4&at=1000lHKX', 'apps.apple.com/gb/app/id1187265767'],
    ['old iTunes app link', 'https://itunes.apple.com/GB/app/id1187265767', 'apps.apple.com/gb/app/id1187265767'],
    [
      'Google Play keeps only the app id',
      'https://play.google.com/store/apps/details?id=com.mojang.minecraftpe&hl=en_GB&gl=GB&pli=1',
      'play.google.com/store/apps/details?id=com.mojang.minecraftpe',
    ],
    // Affiliate wrappers
    [
      'Awin cread.php with p',
      'https://www.awin1.com/cread.php?awinmid=1599&awinaffid=123456&clickref=hukd-4512350&p=https%3A%2F%2Fwww.currys.co.uk%2Fproducts%2Fair-fryer-10251389.html',
      'currys.co.uk/products/air-fryer-10251389.html',
    ],
    [
      'Awin cread.php with ued',
      'https://www.awin1.com/cread.php?awinmid=2041&awinaffid=123456&ued=https%3A%2F%2Fwww.argos.co.uk%2Fproduct%2F9520103%3Fclickref%3Dx',
      'argos.co.uk/product/9520103',
    ],
    [
      'Awin link without a destination keeps its merchant',
      'https://www.awin1.com/cread.php?awinmid=1599&awinaffid=123456&clickref=abc',
      'awin1.com/cread.php?awinmid=1599',
    ],
    ['Awin params on the landing page', 'https://www.zavvi.com/games/x/13000000.html?awinmid=1&awinaffid=2&clickref=3', 'zavvi.com/games/x/13000000.html'],
    [
      'Partnerize destination',
      'https://prf.hn/click/camref:1100l3/pubref:hukd/destination:https%3A%2F%2Fwww.currys.co.uk%2Fproducts%2Fair-fryer-10251389.html',
      'currys.co.uk/products/air-fryer-10251389.html',
    ],
    ['Skimlinks', 'https://go.skimresources.com/?id=12345X678&xs=1&url=https%3A%2F%2Fwww.amazon.co.uk%2Fdp%2FB0CSB14Y6K', S24],
    ['Google redirect', 'https://www.google.com/url?sa=t&rct=j&q=&url=https%3A%2F%2Fwww.boots.com%2Fx-10277133%3Futm_source%3Dgoogle', 'boots.com/x-10277133'],
    // Generic normalisation
    [
      'utm-laden URL, remaining query sorted',
      'https://www.zavvi.com/search?utm_source=newsletter&utm_medium=email&utm_campaign=may&utm_content=hero&utm_term=x&q=lego&page=2&fbclid=IwAR0&mc_cid=a&mc_eid=b',
      'zavvi.com/search?page=2&q=lego',
    ],
    ['default port dropped', 'https://www.halfords.com:443/bikes/x-123.html', 'halfords.com/bikes/x-123.html'],
    ['other port kept', 'http://shop.example.com:8080/item/1/', 'shop.example.com:8080/item/1'],
    ['http and https match, trailing slashes and fragment go', 'http://Example.com/Deal/Page//#top', 'example.com/Deal/Page'],
    ['bare host', 'https://www.screwfix.com/', 'screwfix.com'],
    ['igshid, srsltid, _gl, msclkid', 'https://www.game.co.uk/en/x-123?igshid=abc&srsltid=def&_gl=1*x&msclkid=9&gclid=7', 'game.co.uk/en/x-123'],
    ['percent-escapes of plain letters decoded', 'https://www.lidl.co.uk/p/%7Epark%2dside/p10012345', 'lidl.co.uk/p/~park-side/p10012345'],
    ['duplicate and empty parameters kept in order', 'https://shop.example.com/x?b=2&a=&b=1', 'shop.example.com/x?a=&b=1&b=2'],
    ['trailing dot on host', 'https://www.argos.co.uk./product/9520103', 'argos.co.uk/product/9520103'],
    ['surrounding whitespace', '  https://www.asda.com/x/1  ', 'asda.com/x/1'],
    // Not product URLs
    ['empty', '', null],
    ['not a URL', 'samsung galaxy s24', null],
    ['scheme-less', 'www.amazon.co.uk/dp/B0CSB14Y6K', null],
    ['ftp', 'ftp://files.example.com/x', null],
    ['javascript', 'javascript:alert(1)', null],
    ['mailto', 'mailto:deals@example.com', null],
    ['data', 'data:text/html,hi', null],
  ])('%s', (_label, url, key) => {
    expect(productKey(url)).toBe(key);
  });

  it('gives null for values that are not strings at all (untyped callers)', () => {
    expect(productKey(undefined as unknown as string)).toBeNull();
  });

  it('keeps different products apart', () => {
    expect(productKey('https://www.amazon.co.uk/dp/B0CSB14Y6K')).not.toBe(productKey('https://www.amazon.co.uk/dp/B0CSB14Y6L'));
    expect(productKey('https://www.ebay.co.uk/itm/256123456789')).not.toBe(productKey('https://www.ebay.co.uk/itm/256123456780'));
    expect(productKey('https://www.awin1.com/cread.php?awinmid=1599')).not.toBe(productKey('https://www.awin1.com/cread.php?awinmid=2041'));
    expect(productKey('https://www.johnlewis.com/x/p1?size=10')).not.toBe(productKey('https://www.johnlewis.com/x/p1?size=12'));
  });
});

describe('sameProduct', () => {
  it('matches the same product through tracking, slugs and schemes', () => {
    expect(sameProduct('http://amazon.co.uk/gp/product/B0CSB14Y6K', 'https://www.amazon.co.uk/Galaxy/dp/B0CSB14Y6K/ref=x?tag=y')).toBe(true);
    expect(sameProduct('https://www.argos.co.uk/product/1', 'https://www.argos.co.uk/product/2')).toBe(false);
    expect(sameProduct('not a url', 'not a url')).toBe(false);
  });
});

describe('withoutTracking', () => {
  it('drops tracking and the fragment but keeps scheme, host and path so the link still opens', () => {
    expect(withoutTracking('https://www.currys.co.uk/products/x-1.html?utm_source=a&sku=2&gclid=z#reviews')).toBe(
      'https://www.currys.co.uk/products/x-1.html?sku=2',
    );
    expect(withoutTracking('https://www.amazon.co.uk/Galaxy/dp/B0CSB14Y6K/ref=sr_1_3?tag=x-21&qid=1')).toBe(
      'https://www.amazon.co.uk/Galaxy/dp/B0CSB14Y6K/ref=sr_1_3',
    );
    expect(withoutTracking('nonsense')).toBe('nonsense');
  });
  it('knows which parameters are tracking on which host', () => {
    expect(isTrackingParam('UTM_Source')).toBe(true);
    expect(isTrackingParam('siteid', 'ebay.co.uk')).toBe(true);
    expect(isTrackingParam('siteid', 'example.com')).toBe(false);
    expect(isTrackingParam('keywords', 'amazon.co.uk')).toBe(true);
    expect(isTrackingParam('keywords', 'example.com')).toBe(false);
  });
});
