/**
 * What the demo's people and staff wrote: support messages, feedback, reports, blocks, posts, offers, articles,
 * events and mails. Each entry appears once in the demo data, so no two records read alike.
 */

/** Messages to support through the public contact form: [subject, message]. */
export const CONTACT_MESSAGES: readonly (readonly [string, string])[] = [
  [
    'Charged twice for Gold',
    'Hi, I upgraded to Gold Monthly on Sunday and my bank shows two payments of £19.99 on the same day. Could you refund one of them? The account uses this e-mail address.',
  ],
  [
    'Can’t sign in on my new phone',
    'I got a new phone and now the app says my number is already registered when I try to sign in. It is the same number as before. How do I get back into my account?',
  ],
  [
    'Verification code never arrives',
    'I have asked for the SMS code five times today and nothing comes through. I am on Vodafone, if that helps.',
  ],
  [
    'Photo verification keeps failing',
    'The selfie check rejects me every time, even though it is clearly me. Is it because I wear glasses in my profile photos?',
  ],
  [
    'Please delete my account',
    'Please close my account and delete everything you hold about me. I met someone on here (so thank you!) and won’t be needing it any more.',
  ],
  [
    'Someone is using my photos',
    'There is a profile in Leeds using pictures from my Instagram under a different name. I reported it in the app three days ago and it is still up. Please take it down.',
  ],
  [
    'Refund for Platinum',
    'I subscribed to Platinum by mistake when I meant to choose Silver, and cancelled within the hour. Could you refund me or switch me to Silver?',
  ],
  [
    'My matches have disappeared',
    'Since yesterday’s update about half of my matches and our conversations are gone. I didn’t unmatch anyone. Is this a bug?',
  ],
  [
    'App closes when I open a chat',
    'Every time I tap a conversation the app shuts down. iPhone 12, iOS 17.5, latest version of the app. Reinstalling didn’t help.',
  ],
  [
    'Which venue is right?',
    'I joined the open mic night and then got an e-mail giving a different venue from the one I booked. Which one is right?',
  ],
  [
    'Wrong date of birth',
    'I picked the wrong year when I signed up and my profile says I am 41 instead of 31. The app won’t let me change it. Can you fix it?',
  ],
  [
    'Location still shows Manchester',
    'I moved to Bristol two months ago and updated the location permission, but my profile still says Manchester and I only see people from there.',
  ],
  [
    'Filter by height, please',
    'I really like the app, but I would love to filter by height and by whether someone wants children. Is that planned?',
  ],
  [
    'Partnership: first-date coffee offer',
    'We run six independent coffee shops in Brighton and would like to offer your members a discount on first dates. Who is the right person to talk to?',
  ],
  [
    'Press enquiry about safety features',
    'I am writing a piece on dating apps and safety for a regional newspaper. Could someone on your team answer a few questions by Friday?',
  ],
  [
    'He keeps making new accounts',
    'A man I matched with keeps creating new profiles to message me after I block him. I have blocked three accounts so far. What else can I do?',
  ],
  [
    'How do I cancel Silver?',
    'I can’t find where to cancel my Silver subscription in the settings, and I don’t want to be charged again next month.',
  ],
  [
    'Promo code says expired',
    'The code from your newsletter is refused as expired, but the e-mail said it was valid until the end of the month.',
  ],
  [
    'Why was my account deactivated?',
    'I got a message saying my account was deactivated for breaking the community guidelines, but I don’t know what I did. Can you tell me what happened and how to appeal?',
  ],
  [
    'No message notifications',
    'I am no longer notified about new messages, only about likes. Notifications are on in the app and in my phone’s settings.',
  ],
  [
    'Voice prompt won’t upload',
    'When I record my voice prompt it sticks at “Uploading” and never finishes. I have tried on Wi-Fi and on mobile data.',
  ],
  [
    'I think this member is a minor',
    'A profile I came across mentions revising for their GCSEs in the bio. I have reported it in the app but wanted to make sure someone sees it.',
  ],
  [
    'Copy of my data',
    'Under the GDPR I would like a copy of all the personal data you hold about me, including my messages.',
  ],
  [
    'Hide my profile from colleagues',
    'Several people from my office use the app. Is there a way to stop them seeing my profile?',
  ],
  [
    'Are events open to alumni?',
    'Are the university events only for current students, or can graduates join too? I finished at Leeds last summer.',
  ],
  [
    'Profile video shows a black screen',
    'The video on my profile plays fine for me, but friends tell me they only see a black box.',
  ],
  [
    'Warning about a scam',
    'Someone on here told me they were stranded abroad and asked me to pay for their flight home. I didn’t, but I thought you should know this is going on.',
  ],
  [
    'Gender shown wrongly',
    'My profile shows the wrong gender and I can’t find where to change it. Could you correct it for me?',
  ],
  [
    'Can I gift a subscription?',
    'Is it possible to buy a Gold subscription for my brother as a birthday present?',
  ],
  ['Student discount?', 'Do you have a discount for students? Gold is a bit much on a student budget.'],
  [
    'Event cancelled without notice',
    'We turned up for an event on Saturday and the bar said there was no booking. Nobody told us it had been cancelled.',
  ],
  [
    'Change my e-mail address',
    'I no longer use the e-mail address on my account and can’t receive the reset link. How can I change it?',
  ],
  [
    'Ran out of likes very quickly',
    'The app said I had no likes left after about ten. I thought the free plan gave you more than that each day.',
  ],
  [
    'Buttons read as “button” with VoiceOver',
    'I use VoiceOver, and many of the buttons on the profile screen are read out only as “button”. Could they be given names?',
  ],
  [
    'Cinema didn’t accept the offer',
    'The cinema wouldn’t honour the offer from the app on Friday; the staff said they had never heard of it.',
  ],
  [
    'Pause rather than delete',
    'I am going travelling for three months. Can I pause my account without losing my matches?',
  ],
  [
    'Unsend a message?',
    'Is there any way to take back a message? I sent something to the wrong person and I am mortified.',
  ],
  [
    'Polish language option',
    'Will the app be available in Polish? My mum would like to try it, but her English isn’t great.',
  ],
  ['Blocked a match by accident', 'I blocked someone I really like by mistake. How do I undo it?'],
  [
    'Thank you!',
    'Just wanted to say thanks: we met at one of your picnics last summer and we are getting married in June.',
  ],
  [
    'Idea: video calls before meeting',
    'It would be great to video call in the app before meeting in person, so we don’t have to swap numbers first.',
  ],
  [
    'I have two accounts',
    'I seem to have two accounts after signing up with Google and then again with my e-mail. Could you merge them or delete the older one?',
  ],
];

/** Ratings and what the member wrote with them. */
export const FEEDBACK: readonly (readonly [number, string])[] = [
  [5, 'Met my boyfriend here within two weeks. The prompts made it so much easier to start talking.'],
  [5, 'The events are brilliant. Went to a picnic on my own and left with three new friends and a date.'],
  [5, 'The least cluttered dating app I have used, and people actually reply.'],
  [5, 'Love the voice prompts: you get a real sense of someone before you meet.'],
  [5, 'Support sorted out a double charge within a day. Thank you!'],
  [5, 'Finally an app where people write proper bios.'],
  [5, 'The verified badge makes me feel a lot safer meeting people.'],
  [5, 'Six months in and we are moving in together. Thank you!'],
  [5, 'Great mix of people at the university events.'],
  [5, 'Easy to use, and the matches near me really are near me.'],
  [5, 'The first-date offers are a lovely touch: we used the coffee one on our first date.'],
  [5, 'Reported a fake profile and it was gone the same afternoon. Impressed.'],
  [4, 'Really good, but I would like to filter by whether someone smokes.'],
  [4, 'Great overall, though photos are slow to load on mobile data.'],
  [4, 'Good matches. I wish I could see who liked me without paying.'],
  [4, 'Nice design and good people. A dark theme would be welcome.'],
  [4, 'The events are great fun. More of them outside London, please.'],
  [4, 'Works well. Being able to undo a pass on the free plan would be nice.'],
  [4, 'Good so far, but notifications sometimes arrive hours late.'],
  [4, 'The prompts are fun. Please add more, I have used all the good ones.'],
  [4, 'Solid app. In a city, the distance filter should go below 5 km.'],
  [4, 'Silver is good value; Gold feels a bit thin for the price.'],
  [4, 'Friendly people. Profile videos sometimes take a while to start.'],
  [3, 'It’s fine. Lots of profiles with no bio, which makes it hard to start a chat.'],
  [3, 'I keep seeing the same profiles again after passing on them.'],
  [3, 'Event places go very quickly and there is no waiting list.'],
  [3, 'Some matches are much further away than my distance setting.'],
  [3, 'Not bad, but the app signs me out every few days.'],
  [3, 'Good people, but the audio prompts don’t play on my Android phone.'],
  [2, 'Too many inactive profiles near me. Half my messages never get a reply.'],
  [2, 'Paid for Gold and didn’t notice much difference.'],
  [2, 'The app crashes when I upload more than two photos.'],
  [2, 'It took me ages to find where to cancel my subscription.'],
  [1, 'Charged after I cancelled, and still waiting for a refund.'],
  [1, 'Someone kept messaging me from new accounts after I blocked them.'],
  [1, 'The selfie verification rejected me five times. I gave up.'],
];

/**
 * What members wrote when they reported a chat. `handled`: the admin's decision, with the note (for Actioned, also
 * the reason the reported member was deactivated for).
 */
export const CHAT_REPORTS: readonly {
  message: string;
  handled?: { status: 'Actioned' | 'Dismissed'; note: string };
}[] = [
  { message: 'Asked me to pay for a train ticket after two messages.' },
  {
    message: 'Was rude when I didn’t reply fast enough.',
    handled: {
      status: 'Dismissed',
      note: 'Read the chat: one impatient message, then an apology. Nothing abusive.',
    },
  },
  { message: 'Sent explicit photos I did not ask for.' },
  { message: 'These photos belong to a model: I found them on Instagram.' },
  { message: 'Keeps messaging after I said I wasn’t interested.' },
  { message: 'Wanted to move to WhatsApp straight away, then sent a crypto investment link.' },
  { message: 'Says they are 25 but told me they are still at school.' },
  {
    message: 'Asked me and my friend for money with the same story about a sick mother.',
    handled: {
      status: 'Actioned',
      note: 'Asked two members for money with the same story; the chats confirm it.',
    },
  },
  { message: 'Sends the same link to a “dating site” in every message.' },
  { message: 'Threatened to share our chat with my friends.' },
  { message: 'Made racist comments about my family.' },
  { message: 'Asked for my home address before we had even met.' },
  { message: 'Uses a footballer’s photos.' },
  {
    message: 'Profile says single but he mentioned his wife twice.',
    handled: { status: 'Dismissed', note: 'Not against the guidelines; suggested the member blocks him.' },
  },
  { message: 'Offered to sell me followers and “premium” access.' },
  { message: 'Shared a screenshot of my profile in a group chat to laugh at it.' },
  { message: 'Pretended to be from the app’s support team and asked for my password.' },
  { message: 'Hateful messages after I unmatched.' },
  { message: 'Keeps asking for gift cards.' },
  {
    message: 'Sent sexual comments in the very first message, and again after I asked him to stop.',
    handled: { status: 'Actioned', note: 'Unwanted sexual messages after being asked to stop.' },
  },
  { message: 'Said they would find me at work if I didn’t reply.' },
  { message: 'Promotes a paid page in the bio and in the chat.' },
  { message: 'Insulted me about my weight.' },
  { message: 'The profile picture is AI-generated: look at the hands.' },
];

/** Why members blocked someone; an empty one gave no reason. */
export const BLOCK_REASONS = [
  'Not interested, and he wouldn’t take the hint.',
  'Too many messages in a row.',
  'Made me uncomfortable.',
  'We met; it didn’t click.',
  'Rude about my job.',
  'Asked for money.',
  'An ex. I’d rather not see them here.',
  'Kept sending voice notes at 3 am.',
  'Spam.',
  'Nothing like their photos when we met.',
  'A colleague from work.',
  'Inappropriate jokes.',
  'Wouldn’t stop asking for my number.',
  'Looking for different things.',
  'Someone I know in real life.',
  'Pushy about meeting tonight.',
];

/** What members wrote with the photos and videos they posted. */
export const POST_CAPTIONS = [
  'Sunday hike up Mam Tor',
  'Best flat white in Manchester',
  'First salsa class!',
  'Weekend market finds',
  'Beach day in Brighton',
  'Sunrise from Arthur’s Seat',
  'Homemade sourdough, fourth attempt',
  'Finished my first half marathon',
  'My dog judging my cooking',
  'Rainy day with a good book',
  'Gig night: ears still ringing',
  'New plants for the balcony',
  'Pottery class results (be kind)',
  'Cycling the canal path',
  'The ramen hunt continues',
  'Picnic in the park',
  'Brunch with the girls',
  'Snow in Edinburgh!',
  'Rooftop sunset',
  'Camping by the lake',
  'Tried paddleboarding for the first time',
  'Street art in Bristol',
  'A Sunday roast done right',
  'Rainy afternoon at the museum',
  'Autumn walk in the woods',
  'Car boot sale treasures',
  'Morning swim at the lido',
  'Board game night',
  'Farmers’ market haul',
  'Learning to bake bagels',
];

/** Partners' first-date offers: title and what the member gets. */
export const OFFERS: readonly (readonly [string, string])[] = [
  ['Cinema night for two', 'Show this offer at the box office of any Picturehouse cinema.'],
  ['Cocktails at Skyline Bar', 'Valid Sunday to Thursday, from 5 pm, on the cocktail menu.'],
  ['Dinner for two at Luca’s', 'Book ahead and mention the app; valid on the set menu.'],
  [
    'Pottery class for two',
    'A two-hour wheel-throwing class; your pieces are glazed and ready a week later.',
  ],
  ['Coffee and cake at Brew Lab', 'Any hot drink and a slice of cake, in all Brew Lab shops.'],
  ['Climbing taster session', 'Shoes and harness included; no experience needed.'],
  ['Museum late for two', 'Entry to the monthly Friday late, with a drink each.'],
  ['Bottomless brunch', 'Ninety minutes of brunch and drinks, weekends only.'],
  ['Escape room challenge', 'For teams of two to four; book online with the code in the app.'],
  ['Flowers for your first date', 'A hand-tied bouquet from Petal & Stem, ready to collect the same day.'],
  ['Wine tasting evening', 'Six wines with a sommelier, and cheese to match.'],
  ['Bowling and burgers', 'Two games of bowling and a burger each, any day before 7 pm.'],
  ['Comedy club night', 'Tickets for the Saturday showcase at The Stand.'],
  ['Picnic hamper for two', 'A hamper with sandwiches, fruit and lemonade, collected from the park café.'],
];

/** The staff who write the blog. */
export const BLOG_AUTHORS = ['Hannah Cole', 'Ravi Mehta', 'Sofia Lindqvist'];

/** Articles by category (in the order of the blog categories): title, focus keyword, summary and body. */
export const BLOGS: readonly (readonly {
  title: string;
  keyword: string;
  summary: string;
  body: string;
}[])[] = [
  [
    {
      title: 'First-date ideas that aren’t dinner',
      keyword: 'first date ideas',
      summary: 'Skip the awkward table for two: ten dates that give you something to talk about.',
      body: '<p>A walk through a market, a pottery class or a quiz night gives you something to do with your hands and something to talk about. Here are our favourites, tried by members.</p>',
    },
    {
      title: 'How to write a bio people actually read',
      keyword: 'dating bio',
      summary: 'Three sentences, one detail and a question: the bios that get replies.',
      body: '<p>The best bios are short and specific. Say one thing you love, one thing you are looking for, and give people an easy way to start a conversation.</p>',
    },
    {
      title: 'Conversation starters that beat “hey”',
      keyword: 'conversation starters',
      summary: 'Openers that draw on their profile, and why they work.',
      body: '<p>Mention something from their prompts or photos and ask a question about it. It shows you read their profile and gives them something to answer.</p>',
    },
  ],
  [
    {
      title: 'Meeting a match for the first time: a safety checklist',
      keyword: 'dating safety',
      summary: 'Meet in public, tell a friend, get home your own way: the basics, in one list.',
      body: '<p>Choose a busy public place, tell a friend where you are going and who with, and plan your own way home. Trust your instincts: you can leave at any time.</p>',
    },
    {
      title: 'How to spot a romance scam',
      keyword: 'romance scam',
      summary: 'Urgent stories, moving off the app, and requests for money: the warning signs.',
      body: '<p>Scammers build trust quickly, then invent an emergency. Never send money or gift cards to someone you have not met, and report anyone who asks.</p>',
    },
    {
      title: 'Why we ask you to verify your photos',
      keyword: 'photo verification',
      summary: 'What the selfie check does, and what happens to the picture afterwards.',
      body: '<p>The selfie check compares a photo taken in the app with your profile pictures. The selfie itself is deleted once the check is done.</p>',
    },
  ],
  [
    {
      title: 'Priya and Tom: from a quiz night to a wedding',
      keyword: 'success story',
      summary: 'They were on rival quiz teams. Two years later, they were married.',
      body: '<p>Priya’s team won by a single point, and Tom asked for a rematch over coffee. Their wedding had a quiz round, of course.</p>',
    },
    {
      title: 'How a voice prompt started a relationship',
      keyword: 'voice prompts',
      summary: 'Sam recorded a terrible impression of a goose. Alex replied with a better one.',
      body: '<p>Sam’s voice prompt made Alex laugh out loud on a crowded train. The rest, they say, is history, and a lot of goose impressions.</p>',
    },
    {
      title: 'Three couples who met at our summer picnics',
      keyword: 'dating events',
      summary: 'Sunshine, sandwiches and a few nervous hellos: how three couples met.',
      body: '<p>Our picnics are relaxed by design: no name badges, no schedule. These three couples tell us how the afternoon went.</p>',
    },
  ],
  [
    {
      title: 'Introducing voice prompts',
      keyword: 'voice prompts',
      summary: 'Record a short answer to a prompt and let people hear you before you meet.',
      body: '<p>Voice prompts are here: pick a question, record up to thirty seconds, and add it to your profile.</p>',
    },
    {
      title: 'Events now open to university alumni',
      keyword: 'university events',
      summary: 'Graduates can now join the events of their university’s community.',
      body: '<p>Many of you asked, and we listened: university events are now open to alumni as well as current students.</p>',
    },
    {
      title: 'A fresh look for your profile',
      keyword: 'profile update',
      summary: 'Bigger photos, prompts where people see them, and a cleaner layout.',
      body: '<p>We have redesigned profiles so your photos and prompts come first. Update the app to see the new look.</p>',
    },
  ],
];

/** Events by category (in the order of the event categories): name, venue, start and end. */
export const EVENTS: readonly (readonly (readonly [string, string, string, string])[])[] = [
  [
    ['Open Mic Night', 'Union Hall', '19:30', '22:30'],
    ['Jazz in the Garden', 'Riverside Park', '18:00', '21:00'],
    ['Indie Gig Social', 'The Old Mill', '20:00', '23:00'],
  ],
  [
    ['Sunset Run Club', 'Riverside Park', '18:30', '19:45'],
    ['Beginners’ Climbing Social', 'The Arch Climbing Wall', '19:00', '21:00'],
    ['Mixed Doubles Tennis', 'Westfield Tennis Club', '10:00', '12:00'],
  ],
  [
    ['Wine Tasting Evening', 'Skyline Bar', '19:00', '21:30'],
    ['Fresh Pasta Cooking Class', 'The Old Mill Kitchen', '18:30', '21:00'],
    ['Street Food Crawl', 'Market Street', '12:00', '15:00'],
  ],
  [
    ['Riverside Picnic', 'Riverside Park', '12:00', '16:00'],
    ['Sunday Hike in the Peaks', 'Edale Station', '09:30', '15:30'],
    ['Stargazing Walk', 'Heaton Park Observatory', '20:30', '23:00'],
  ],
  [
    ['Gallery Late', 'City Art Gallery', '18:00', '21:00'],
    ['Life Drawing for Beginners', 'Union Hall', '19:00', '21:00'],
    ['Pottery Date Night', 'Clay Corner Studio', '18:30', '20:30'],
  ],
  [
    ['Founders’ Coffee Morning', 'The Exchange', '08:00', '09:30'],
    ['Rooftop Social', 'Skyline Bar', '18:30', '22:00'],
    ['Young Professionals Mixer', 'The Exchange', '18:00', '20:30'],
  ],
];

/**
 * Mails sent to members: title and body. The first went to all users, the second to the Open Mic Night's guests, the
 * fourth to members who had not verified their photos.
 */
export const MAILS: readonly (readonly [string, string])[] = [
  [
    'New events near you',
    'Picnics, rooftop socials, sunset runs and more: the coming weeks’ events are open for booking in the Events tab. Places go quickly, so save yours today.',
  ],
  [
    'Your event has a new venue',
    'The Open Mic Night you joined has moved from The Old Mill to Union Hall, a short walk away. The date and time are unchanged. See you there!',
  ],
  [
    'Staying safe when you meet',
    'Meeting a match soon? Choose a busy public place, tell a friend where you will be, and plan your own way home. Our safety guide has more tips.',
  ],
  [
    'Please verify your photos',
    'Verified profiles get more matches and help everyone feel safe. It takes a minute: open your profile and tap “Verify”.',
  ],
  [
    'Welcome to the Leeds student community',
    'You now have access to events for University of Leeds students and alumni. Have a look at what is on this month.',
  ],
  [
    'How are we doing?',
    'We would love to hear what you think of the app. Leave a rating and a comment from Settings → Feedback; it takes a minute.',
  ],
  [
    'Complete your profile',
    'Profiles with three photos and a prompt get twice as many matches. Add a few more details when you have a moment.',
  ],
  [
    'A few places left for the Riverside Picnic',
    'There are still a few places for the Riverside Picnic. Bring a blanket; we bring the food.',
  ],
];

/** Why an admin deactivated a member; null: no reason given. */
export const DEACTIVATION_REASONS: readonly (string | null)[] = [
  'Spam links in chat',
  'Fake photos: a reverse image search found them on a stock photo site',
  'Second account of a member banned before',
  'Abusive messages to several members',
  'Under 18 by their own account',
  null,
  'Advertising a paid service in the bio',
  'Chargeback fraud on a Gold subscription',
  'Harassment reported by two members',
];

/** Deactivations reversed on appeal: the first reason, and why it was reversed. */
export const APPEALS: readonly (readonly [string, string])[] = [
  [
    'Fake photos: matched a model’s portfolio',
    'Appeal accepted: the member is the model and verified their photos',
  ],
  ['Spam links in chat', 'Appeal accepted: their account had been taken over; password reset'],
];
