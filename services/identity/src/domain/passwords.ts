import bcrypt from 'bcrypt';

/** Hashing with the configured cost; the cost is clamped to 4..31 when the config is read. */
export class Passwords {
  // Compared against when the account does not exist, so a wrong username costs as much time as a
  // wrong password and response times do not reveal which accounts exist.
  private readonly decoy: Promise<string>;

  constructor(private readonly cost: number) {
    this.decoy = bcrypt.hash('decoy password nobody has 0', cost);
  }

  hash(plain: string): Promise<string> {
    return bcrypt.hash(plain, this.cost);
  }

  async verify(plain: string, hash: string | undefined): Promise<boolean> {
    const matches = await bcrypt.compare(plain, hash ?? (await this.decoy));
    return matches && hash !== undefined;
  }
}
