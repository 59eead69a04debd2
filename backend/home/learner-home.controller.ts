import { Controller, Get, Param, Query } from '@nestjs/common';
import { CurrentUser } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { NotFoundError } from '../infrastructure/decider/decider';
import { SpeachQueries } from '../speach';
import { CatalogueQuery, HOME_SLIDERS, type HomeSlider, HomeQuery, SliderQuery } from './learner-home.dto';
import { LearnerHome } from './learner-home.service';

/** The learner's home sliders and the catalogue (issue 17): every signed-in user, each seeing what they may read. */
@Controller()
export class LearnerHomeController {
  constructor(
    private readonly home: LearnerHome,
    private readonly queries: SpeachQueries,
  ) {}

  /** Which sliders have something (and how much), and how much the catalogue holds: the home draws from this. */
  @Get('api/v2/home')
  async overview(@CurrentUser() user: Actor, @Query() query: HomeQuery) {
    return this.home.overview(await this.queries.viewer(user), query.language);
  }

  @Get('api/v2/home/slider/:slider')
  async slider(@CurrentUser() user: Actor, @Param('slider') slider: string, @Query() query: SliderQuery) {
    if (!(HOME_SLIDERS as readonly string[]).includes(slider)) throw new NotFoundError(`Unknown slider ${slider}`);
    return this.home.slider(await this.queries.viewer(user), slider as HomeSlider, query);
  }

  @Get('api/v2/catalogue')
  async catalogue(@CurrentUser() user: Actor, @Query() query: CatalogueQuery) {
    return this.home.catalogue(await this.queries.viewer(user), query);
  }
}
