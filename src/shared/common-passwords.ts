/**
 * Passwords of 12 characters or more that head the published breach lists (and this building's obvious
 * ones), refused for staff accounts as OWASP's Authentication Cheat Sheet asks. Small on purpose: the
 * 12-character minimum already rules out the short favourites; this catches the long ones people reach
 * for first. Compared lower-cased.
 */
const COMMON = `
password1234 password12345 password123456 password1234567 passwordpassword password!234 password1234!
p@ssword1234 p@ssw0rd1234 passw0rd1234 password@123 password#1234 mypassword123 newpassword123
123456789012 1234567890123 12345678901234 123456789123 123123123123 111111111111 000000000000
121212121212 123412341234 098765432109 987654321098 1234567890qwe 1234567890qwer 1234qwerasdf
1q2w3e4r5t6y 1q2w3e4r5t6y7u 1qaz2wsx3edc 1qaz2wsx3edc4rfv 1qazxsw23edc q1w2e3r4t5y6 q1w2e3r4t5y6u7
qwertyuiop12 qwertyuiop123 qwerty123456 qwerty1234567 qwertyqwerty qwertyuiopasdf qwer1234qwer
qwer1234!@#$ qwerasdfzxcv qazwsxedcrfv zaq12wsxcde3 zaq1xsw2cde3 asdfghjkl123 asdfghjkl;'
asdf1234asdf asdfasdfasdf zxcvbnm12345 zxcvbnmasdfg abcdefghijkl abcdefghijklm abc123456789
abcd12345678 abcd1234abcd a1b2c3d4e5f6 aaaaaaaaaaaa iloveyou1234 iloveyou12345 iloveyouiloveyou
letmein12345 letmeinletmein welcome12345 welcome123456 welcomewelcome changeme1234 changeme12345
administrator administrator1 admin1234567 admin12345678 adminadminadmin admin@123456 superadmin123
trustno1trustno1 sunshine1234 princess1234 football1234 baseball1234 basketball12 starwars1234
dragon123456 monkey123456 master123456 shadow123456 michael12345 superman1234 batman123456
computer1234 internet1234 samsung12345 samsung123456 hello1234567 helloworld12 hello12345678
secret123456 mustang12345 jennifer1234 whatever1234 freedom12345 access123456 login1234567
chocolate123 sunflower123 butterfly123 1234567890abc 123456abcdef abcdef123456 123456qwerty
btower123456 btower1234!@ btowerbtower btoweradmin1 btower2024!! btower2025!! btower2026!!
leasing12345 leasing123456 sillim123456
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON.split(/\s+/).filter(Boolean));

/** Whether `password` is one of them (case does not make it safer). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
